import { NavLink } from 'react-router-dom';
import { ScreenPlaceholder } from '../../components/screen-placeholder';
import { tabsListClassName, tabsTriggerClassName } from '../../components/ui/tabs';
import { hubPath, TAB_LABELS, type HubRouteConfig, type TabSlug } from '../../lib/hub-routes';

/** A hub's operations screen (spec 2.9): its tabs as links; each tab's lists are still to come. */
export function HubOperationsPage({ hub, tab }: { hub: HubRouteConfig; tab: TabSlug }) {
  return (
    <ScreenPlaceholder
      title={hub.title}
      description={`${TAB_LABELS[tab]}: the ${hub.tabs.includes('otw') ? 'shipments and vehicles' : 'vehicle queue'} of this hub will be listed here.`}
    >
      <nav aria-label={`${hub.title} tabs`} className={tabsListClassName} data-testid="hub-tabs">
        {hub.tabs.map((slug) => (
          <NavLink key={slug} to={hubPath(hub.slug, slug)} className={tabsTriggerClassName}>
            {TAB_LABELS[slug]}
          </NavLink>
        ))}
      </nav>
    </ScreenPlaceholder>
  );
}
