// Spec 9: the camera is for mobile devices, "user agent or width <= 768".
import { MOBILE_BREAKPOINT } from './limits';

const MOBILE_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile|Tablet/i;

export function isMobileDevice(
  userAgent: string = globalThis.navigator?.userAgent ?? '',
  width: number = globalThis.innerWidth ?? Number.POSITIVE_INFINITY,
): boolean {
  return MOBILE_AGENT.test(userAgent) || width <= MOBILE_BREAKPOINT;
}
