import { memo, useEffect, useId, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import {
  Anchor,
  Boxes,
  Building2,
  ChevronDown,
  ChevronRight,
  History,
  LayoutDashboard,
  ListChecks,
  MapPin,
  Settings,
  Ship,
  Truck,
  Users,
  Warehouse,
  type LucideIcon,
} from 'lucide-react';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  useSidebar,
} from '../../components/ui/sidebar';
import { useT } from '../../lib/i18n';
import { PRODUCT_NAME } from '../../lib/i18n/default-strings';
import { isActivePath, menuFor, type NavGroup, type NavIcon } from '../../lib/navigation';
import { roleOrHubName, type UserProfile } from '../../lib/session/profile';
import { HighContrastButton } from './high-contrast-button';
import { LanguageButton } from './language-button';
import { SignOutButton } from './sign-out-button';

const ICONS: Record<NavIcon, LucideIcon> = {
  dashboard: LayoutDashboard,
  hub: Warehouse,
  port: Anchor,
  pod: MapPin,
  users: Users,
  vendors: Truck,
  inventory: Boxes,
  hubs: Building2,
  status: ListChecks,
  settings: Settings,
  audit: History,
};

function MenuItems({ group, active: activeItems }: { group: NavGroup; active: readonly string[] }) {
  return (
    <SidebarMenu>
      {group.items.map((item) => {
        const Icon = ICONS[item.icon];
        const active = activeItems.includes(item.to);
        return (
          <SidebarMenuItem key={item.to}>
            <SidebarMenuButton asChild isActive={active} tooltip={item.label}>
              <NavLink to={item.to} end={item.to === '/'} aria-current={active ? 'page' : undefined}>
                <Icon aria-hidden="true" />
                <span>{item.label}</span>
              </NavLink>
            </SidebarMenuButton>
          </SidebarMenuItem>
        );
      })}
    </SidebarMenu>
  );
}

/**
 * A labelled group folds open and shut; in the icon strip its entries always show. Memoized
 * on its active entries: moving between a screen's tabs renders no menu (issue 14, P3). A plain
 * disclosure (a button with `aria-expanded` over a region it hides): Radix's Collapsible measured
 * its content's height in a layout effect for an animation the menu does not have, forcing the
 * page's first layout inside the first commit (issue 43's cold-start profile).
 */
const MenuGroup = memo(function MenuGroup({ group, active }: { group: NavGroup; active: readonly string[] }) {
  const { state, isMobile } = useSidebar();
  const [open, setOpen] = useState(true);
  const contentId = useId();
  if (!group.label) {
    return (
      <SidebarGroup>
        <MenuItems group={group} active={active} />
      </SidebarGroup>
    );
  }
  const shown = (state === 'collapsed' && !isMobile) || open;
  return (
    <SidebarGroup
      className="group/collapsible"
      data-state={shown ? 'open' : 'closed'}
      data-testid={`sidebar-group-${group.label.toLowerCase()}`}
    >
      <SidebarGroupLabel asChild>
        <button
          type="button"
          className="hover:bg-sidebar-accent"
          aria-expanded={shown}
          aria-controls={contentId}
          onClick={() => setOpen(!shown)}
        >
          <span className="flex-1 text-left">{group.label}</span>
          <ChevronRight
            aria-hidden="true"
            className="transition-transform group-data-[state=open]/collapsible:rotate-90"
          />
        </button>
      </SidebarGroupLabel>
      <div id={contentId} hidden={!shown}>
        <MenuItems group={group} active={active} />
      </div>
    </SidebarGroup>
  );
}, sameActive);

function sameActive(
  a: { group: NavGroup; active: readonly string[] },
  b: { group: NavGroup; active: readonly string[] },
): boolean {
  return a.group === b.group && a.active.join('\n') === b.active.join('\n');
}

/**
 * Whether the menu has entries below its visible part (issue 41: at 1280x800 the admin's Status
 * Shipment, Settings and Audit Trail sat below the fold with nothing saying so). Followed on
 * scroll, on a resize of the menu or its content, and when a group folds.
 */
function useMoreBelow(ref: RefObject<HTMLDivElement | null>): boolean {
  const [more, setMore] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Read once a frame, before it is drawn: a mutation's callback runs inside the commit that
    // made it, and reading the heights there forced a layout of the page mid-commit, once per
    // commit (issue 43's cold-start profile).
    let frame = 0;
    const measure = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        setMore(el.scrollHeight - el.scrollTop - el.clientHeight > 1);
      });
    };
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const resized = new ResizeObserver(measure);
    resized.observe(el);
    for (const child of el.children) resized.observe(child);
    const changed = new MutationObserver(measure);
    changed.observe(el, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['data-state'],
    });
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('scroll', measure);
      resized.disconnect();
      changed.disconnect();
    };
  }, [ref]);
  return more;
}

/**
 * The menu, scrolling when it is taller than the sidebar: then a fade over its lower edge and a
 * "more below" chevron, which scrolls it down when tapped. Keyboard focus scrolls on its own
 * (the bottom scroll padding keeps a focused entry clear of the fade).
 */
function ScrollingMenu({ children }: { children: ReactNode }) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const more = useMoreBelow(ref);
  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <SidebarContent ref={ref} className="scroll-pb-16" data-testid="sidebar-menu-scroll" data-more={more}>
        {children}
      </SidebarContent>
      {more && (
        <div
          className="pointer-events-none absolute inset-x-0 bottom-0 flex h-16 items-end justify-center bg-gradient-to-t from-sidebar via-sidebar/90 to-transparent pb-1"
          data-testid="sidebar-scroll-cue"
        >
          <button
            type="button"
            // A pointer's shortcut: keyboard and screen-reader users reach every entry in order.
            tabIndex={-1}
            aria-hidden="true"
            className="pointer-events-auto flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full border border-sidebar-border bg-sidebar px-3 text-xs font-medium text-sidebar-foreground shadow-sm group-data-[state=collapsed]/sidebar:px-1"
            onClick={() => ref.current?.scrollBy({ top: ref.current.clientHeight * 0.8, behavior: 'smooth' })}
          >
            <ChevronDown className="size-4" aria-hidden="true" />
            <span className="group-data-[state=collapsed]/sidebar:sr-only">{t('shell.moreBelow')}</span>
          </button>
        </div>
      )}
    </div>
  );
}

const UserFooter = memo(function UserFooter({ profile }: { profile: UserProfile }) {
  const t = useT();
  const initial = (profile.email.trim()[0] ?? '?').toUpperCase();
  return (
    <div
      className="flex min-h-11 min-w-0 items-center gap-3 px-1 group-data-[state=collapsed]/sidebar:justify-center group-data-[state=collapsed]/sidebar:px-0"
      data-testid="sidebar-user"
    >
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-sidebar-primary text-sm font-semibold text-sidebar-primary-foreground"
        data-testid="sidebar-user-initial"
      >
        {initial}
      </span>
      <div className="grid min-w-0 text-sm leading-tight group-data-[state=collapsed]/sidebar:sr-only">
        <span className="truncate font-medium" data-testid="sidebar-user-email">
          {profile.email}
        </span>
        <span
          className="truncate text-xs text-sidebar-foreground/70 capitalize"
          data-testid="sidebar-user-role"
        >
          {roleOrHubName(profile, t)}
        </span>
      </div>
    </div>
  );
});

/** Memoized: the sync status's changes (a tap's) render only the sign-out button's count. */
export const AppSidebar = memo(function AppSidebar({
  profile,
  beforeWipe,
}: {
  profile: UserProfile;
  beforeWipe: () => Promise<void>;
}) {
  const { pathname } = useLocation();
  const t = useT();
  // The menu's names in the current language: a change of language makes a new menu.
  const groups = useMemo(() => menuFor(profile, t), [profile, t]);
  return (
    <Sidebar>
      <SidebarHeader>
        <NavLink
          to="/"
          className="flex h-11 items-center gap-3 rounded-md px-2 outline-none focus-visible:ring-2 focus-visible:ring-ring group-data-[state=collapsed]/sidebar:justify-center group-data-[state=collapsed]/sidebar:px-0"
        >
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-sidebar-primary text-sidebar-primary-foreground">
            <Ship aria-hidden="true" className="size-5" />
          </span>
          <span className="truncate text-lg font-bold tracking-tight group-data-[state=collapsed]/sidebar:sr-only">
            {PRODUCT_NAME}
          </span>
        </NavLink>
      </SidebarHeader>
      <ScrollingMenu>
        {groups.map((group, index) => (
          <MenuGroup
            key={group.label ?? `group-${index}`}
            group={group}
            active={group.items.filter((item) => isActivePath(item.to, pathname)).map((item) => item.to)}
          />
        ))}
      </ScrollingMenu>
      <SidebarFooter>
        <UserFooter profile={profile} />
        <HighContrastButton />
        <LanguageButton />
        <SignOutButton beforeWipe={beforeWipe} />
      </SidebarFooter>
    </Sidebar>
  );
});
