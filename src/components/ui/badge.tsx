import type { ComponentProps } from 'react';
import { Slot } from 'radix-ui';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../../lib/utils';

// The status badge colours of spec 4.2 (info, warning, primary, success, danger) plus neutral ones:
// theme tokens (src/index.css), solid in high-contrast mode.
export const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center justify-center gap-1 rounded-md border px-2 py-0.5 text-xs font-medium whitespace-nowrap [&>svg]:pointer-events-none [&>svg]:size-3',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-secondary text-secondary-foreground',
        outline: 'text-foreground',
        destructive: 'border-transparent bg-destructive text-white',
        info: 'border-transparent bg-badge-info text-badge-info-foreground',
        warning: 'border-transparent bg-badge-warning text-badge-warning-foreground',
        primary: 'border-transparent bg-badge-primary text-badge-primary-foreground',
        success: 'border-transparent bg-badge-success text-badge-success-foreground',
        danger: 'border-transparent bg-badge-danger text-badge-danger-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export function Badge({
  className,
  variant,
  asChild = false,
  ...props
}: ComponentProps<'span'> & VariantProps<typeof badgeVariants> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : 'span';
  return <Comp data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}
