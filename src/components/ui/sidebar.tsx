// The app's sidebar (spec 2.2 and 9): 16rem wide, an icon strip of 3rem when
// collapsed, an 18rem slide-over sheet under 768px, ctrl/meta+b toggles it, and the
// state lives in the cookie sidebar:state for 7 days. From 768 to 1023px (a tablet
// upright) it is the icon strip whatever the cookie says, and toggling it opens the
// sheet with the labels over the screen (issue 29). In the spirit of shadcn/ui's.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ComponentProps,
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { Slot } from 'radix-ui';
import { PanelLeftIcon } from 'lucide-react';
import {
  SIDEBAR_COOKIE_MAX_AGE,
  SIDEBAR_COOKIE_NAME,
  SIDEBAR_KEYBOARD_SHORTCUT,
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_ICON,
  SIDEBAR_WIDTH_MOBILE,
} from '../../lib/limits';
import { useT } from '../../lib/i18n';
import { useIsCompact, useIsMobile } from '../../lib/hooks/use-mobile';
import { cn } from '../../lib/utils';
import { Button } from './button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from './sheet';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from './tooltip';

type SidebarState = 'expanded' | 'collapsed';

interface SidebarContextValue {
  state: SidebarState;
  open: boolean;
  setOpen: (open: boolean) => void;
  /** The slide-over sheet is open. */
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  /** Rendered in the slide-over sheet: choosing an entry closes it, labels show, no tooltips. */
  isMobile: boolean;
  /** 768 to 1023px: the icon strip stays, the toggle opens the sheet (the cookie is left alone). */
  compact: boolean;
  toggleSidebar: () => void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const context = useContext(SidebarContext);
  if (!context) throw new Error('useSidebar must be used inside <SidebarProvider>');
  return context;
}

/** The stored state: true expanded, false collapsed, undefined when there is no cookie. */
export function readSidebarCookie(cookie: string = document.cookie): boolean | undefined {
  for (const part of cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name && decodeURIComponent(name) === SIDEBAR_COOKIE_NAME) {
      if (value === 'true') return true;
      if (value === 'false') return false;
    }
  }
  return undefined;
}

function writeSidebarCookie(open: boolean): void {
  document.cookie = `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
}

export function SidebarProvider({
  defaultOpen = true,
  className,
  style,
  children,
  ...props
}: ComponentProps<'div'> & { defaultOpen?: boolean }) {
  const isMobile = useIsMobile();
  const compact = useIsCompact() && !isMobile;
  // The sheet is open for the layout it was opened in: it does not stay open across a change
  // of layout (a tablet turned).
  const layout = isMobile ? 'mobile' : compact ? 'compact' : 'full';
  const [sheetOpenIn, setSheetOpenIn] = useState<string | null>(null);
  const openMobile = sheetOpenIn === layout;
  const setOpenMobile = useCallback((value: boolean) => setSheetOpenIn(value ? layout : null), [layout]);
  const [open, setOpenState] = useState(() => readSidebarCookie() ?? defaultOpen);

  const setOpen = useCallback((value: boolean) => {
    setOpenState(value);
    writeSidebarCookie(value);
  }, []);

  const toggleSidebar = useCallback(() => {
    if (isMobile || compact) setOpenMobile(!openMobile);
    else setOpen(!open);
  }, [isMobile, compact, open, setOpen, openMobile, setOpenMobile]);

  useEffect(() => {
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        toggleSidebar();
      }
    }
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, [toggleSidebar]);

  const state: SidebarState = open && !compact ? 'expanded' : 'collapsed';
  const value = useMemo<SidebarContextValue>(
    () => ({ state, open, setOpen, isMobile, compact, openMobile, setOpenMobile, toggleSidebar }),
    [state, open, setOpen, isMobile, compact, openMobile, setOpenMobile, toggleSidebar],
  );

  return (
    <SidebarContext.Provider value={value}>
      <TooltipProvider delayDuration={0}>
        <div
          data-slot="sidebar-wrapper"
          style={
            {
              '--sidebar-width': SIDEBAR_WIDTH,
              '--sidebar-width-icon': SIDEBAR_WIDTH_ICON,
              ...style,
            } as CSSProperties
          }
          className={cn('flex min-h-svh w-full', className)}
          {...props}
        >
          {children}
        </div>
      </TooltipProvider>
    </SidebarContext.Provider>
  );
}

/** The menu as a left slide-over sheet, its entries labelled (under 1024px). */
function SidebarSheet({ label, children }: { label: string; children: ReactNode }) {
  const t = useT();
  const context = useSidebar();
  const { openMobile, setOpenMobile } = context;
  // Inside the sheet the entries behave as on a phone, beside the icon strip too.
  const sheetContext = useMemo<SidebarContextValue>(
    () => ({ ...context, isMobile: true, state: 'expanded' }),
    [context],
  );
  return (
    <Sheet open={openMobile} onOpenChange={setOpenMobile}>
      <SheetContent
        side="left"
        data-slot="sidebar"
        data-mobile="true"
        showCloseButton={false}
        // Portalled out of the wrapper that sets the width variables, so the width is set here.
        style={{ width: SIDEBAR_WIDTH_MOBILE }}
        className="max-w-[85vw] gap-0 bg-sidebar p-0 text-sidebar-foreground sm:max-w-[85vw]"
      >
        <SheetHeader className="sr-only">
          <SheetTitle>{label}</SheetTitle>
          <SheetDescription>{t('shell.menu')}</SheetDescription>
        </SheetHeader>
        <nav aria-label={label} className="flex h-full w-full flex-col">
          <SidebarContext.Provider value={sheetContext}>{children}</SidebarContext.Provider>
        </nav>
      </SheetContent>
    </Sheet>
  );
}

/**
 * The sidebar itself: a sticky column on wide screens, a left sheet under 768px, and from
 * 768 to 1023px the icon strip with the sheet to show the labels.
 */
export function Sidebar({
  className,
  children,
  label: givenLabel,
  ...props
}: ComponentProps<'aside'> & { label?: string }) {
  const t = useT();
  const label = givenLabel ?? t('shell.mainNavigation');
  const { isMobile, compact, state } = useSidebar();

  if (isMobile) return <SidebarSheet label={label}>{children}</SidebarSheet>;

  const column = (
    <aside
      data-slot="sidebar"
      data-state={state}
      aria-label={label}
      className={cn(
        'group/sidebar sticky top-0 flex h-svh w-(--sidebar-width) shrink-0 flex-col border-r bg-sidebar text-sidebar-foreground transition-[width] duration-200 ease-linear data-[state=collapsed]:w-(--sidebar-width-icon)',
        className,
      )}
      {...props}
    >
      {children}
    </aside>
  );
  if (!compact) return column;
  return (
    <>
      {column}
      <SidebarSheet label={label}>{children}</SidebarSheet>
    </>
  );
}

export function SidebarTrigger({ className, onClick, ...props }: ComponentProps<typeof Button>) {
  const t = useT();
  const { toggleSidebar, isMobile, compact, open, openMobile } = useSidebar();
  const expanded = isMobile || compact ? openMobile : open;
  return (
    <Button
      data-slot="sidebar-trigger"
      variant="ghost"
      size="icon"
      className={className}
      aria-label={t('shell.toggleSidebar')}
      aria-expanded={expanded}
      title={t('shell.toggleSidebarHint')}
      onClick={(event) => {
        onClick?.(event);
        toggleSidebar();
      }}
      {...props}
    >
      <PanelLeftIcon aria-hidden="true" />
    </Button>
  );
}

/** The page next to the sidebar. */
export function SidebarInset({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div data-slot="sidebar-inset" className={cn('flex min-w-0 flex-1 flex-col', className)} {...props} />
  );
}

// In the icon strip the header, content and footer keep 1px each side: 3rem less the 1px border
// leaves 45px, room for whole 44px touch targets (a tablet upright shows the strip, issue 29).
export function SidebarHeader({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-header"
      className={cn(
        'flex flex-col gap-2 px-2 pt-2 pb-1 group-data-[state=collapsed]/sidebar:px-px',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-footer"
      className={cn(
        'flex flex-col gap-0.5 border-t px-2 py-1 group-data-[state=collapsed]/sidebar:px-px',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarContent({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-content"
      className={cn(
        'flex min-h-0 flex-1 flex-col gap-0.5 overflow-x-hidden overflow-y-auto px-2 py-1 group-data-[state=collapsed]/sidebar:px-px',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarGroup({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div data-slot="sidebar-group" className={cn('flex w-full min-w-0 flex-col', className)} {...props} />
  );
}

/** A group heading; hidden in the icon strip. Use asChild to make it a collapsible trigger. */
export function SidebarGroupLabel({
  className,
  asChild = false,
  ...props
}: ComponentProps<'div'> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : 'div';
  return (
    <Comp
      data-slot="sidebar-group-label"
      className={cn(
        'flex h-11 w-full shrink-0 items-center gap-2 rounded-md px-3 text-xs font-semibold tracking-wide text-sidebar-foreground/70 uppercase outline-none focus-visible:ring-2 focus-visible:ring-ring group-data-[state=collapsed]/sidebar:hidden [&>svg]:size-4 [&>svg]:shrink-0',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarMenu({ className, ...props }: ComponentProps<'ul'>) {
  return (
    <ul
      data-slot="sidebar-menu"
      className={cn('flex w-full min-w-0 flex-col gap-0.5', className)}
      {...props}
    />
  );
}

export function SidebarMenuItem({ className, ...props }: ComponentProps<'li'>) {
  return <li data-slot="sidebar-menu-item" className={cn('relative', className)} {...props} />;
}

const menuButtonClassName =
  'flex h-11 w-full min-w-0 items-center gap-3 overflow-hidden rounded-md px-3 text-left text-sm outline-none transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-ring data-[active=true]:bg-sidebar-primary data-[active=true]:font-semibold data-[active=true]:text-sidebar-primary-foreground group-data-[state=collapsed]/sidebar:w-11 group-data-[state=collapsed]/sidebar:px-3.5 [&>svg]:size-4 [&>svg]:shrink-0 [&>span]:truncate [&>span]:group-data-[state=collapsed]/sidebar:sr-only';

/**
 * A menu entry: the active one is highlighted; in the icon strip its label becomes a
 * tooltip; on a phone-width sheet, choosing it closes the sheet.
 */
export function SidebarMenuButton({
  asChild = false,
  isActive = false,
  tooltip,
  className,
  onClick,
  ...props
}: ComponentProps<'button'> & { asChild?: boolean; isActive?: boolean; tooltip?: string }) {
  const { isMobile, state, setOpenMobile } = useSidebar();
  const Comp = asChild ? Slot.Root : 'button';
  const button = (
    <Comp
      data-slot="sidebar-menu-button"
      data-active={isActive}
      className={cn(menuButtonClassName, className)}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (isMobile) setOpenMobile(false);
      }}
      {...props}
    />
  );
  if (!tooltip || isMobile || state !== 'collapsed') return button;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent side="right" align="center">
        {tooltip}
      </TooltipContent>
    </Tooltip>
  );
}
