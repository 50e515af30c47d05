import type { ComponentProps } from 'react';
import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/utils';

export function Spinner({ className, ...props }: ComponentProps<'svg'>) {
  return <LoaderCircle aria-hidden="true" className={cn('size-4 animate-spin', className)} {...props} />;
}
