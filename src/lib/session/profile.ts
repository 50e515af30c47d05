// The signed-in user's profile (role, hub and the hub info of spec 3), read once
// from the server and kept in localStorage, so the app opens signed in with no
// network. The one data read outside sync/: it decides who the user is before any
// local database exists, and it is online by nature (architecture point 1).
import type { User } from '@supabase/supabase-js';
import type { TFunction } from 'i18next';
import { deriveHubInfo, EMPTY_HUB_INFO, type HubInfo, type HubRow } from './hub-info';
import { DEFAULT_ROLE, isRole, roleLabel, type Role } from './roles';
import { PROFILE_CACHE_KEY } from './storage-keys';
import { loadSupabase } from './load-supabase';

export interface UserProfile {
  userId: string;
  email: string;
  fullName: string | null;
  role: Role;
  hubId: string | null;
  hub: HubRow | null;
  hubInfo: HubInfo;
  /** 'server': read from profiles; 'default': no profile row (role hub_user); 'fallback': the read failed. */
  source: 'server' | 'default' | 'fallback';
}

const CACHE_VERSION = 1;

interface CachedProfile {
  version: typeof CACHE_VERSION;
  profile: UserProfile;
}

export function readCachedProfile(userId: string): UserProfile | null {
  try {
    const raw = localStorage.getItem(PROFILE_CACHE_KEY);
    if (!raw) return null;
    const cached = JSON.parse(raw) as Partial<CachedProfile>;
    if (cached.version !== CACHE_VERSION || cached.profile?.userId !== userId) return null;
    return isRole(cached.profile.role) ? cached.profile : null;
  } catch {
    return null;
  }
}

// Set by sign-out: a profile read still in flight must not write the cache
// back after the wipe (the page reloads right after, which resets it).
let cachingStopped = false;

export function stopCachingProfiles(): void {
  cachingStopped = true;
}

export function writeCachedProfile(profile: UserProfile): void {
  if (cachingStopped) return;
  const cached: CachedProfile = { version: CACHE_VERSION, profile };
  try {
    localStorage.setItem(PROFILE_CACHE_KEY, JSON.stringify(cached));
  } catch (err) {
    console.warn('profile: could not cache the profile', err);
  }
}

/** What the app uses when the profile cannot be read: the token's role, no hub info (spec 8.1). */
export function fallbackProfile(user: Pick<User, 'id' | 'email' | 'app_metadata'>): UserProfile {
  const tokenRole: unknown = user.app_metadata?.role;
  return {
    userId: user.id,
    email: user.email ?? '',
    fullName: null,
    role: isRole(tokenRole) ? tokenRole : DEFAULT_ROLE,
    hubId: null,
    hub: null,
    hubInfo: EMPTY_HUB_INFO,
    source: 'fallback',
  };
}

interface ProfileRow {
  user_id: string;
  email: string | null;
  full_name: string | null;
  role: string;
  hub_id: string | null;
  hub: HubRow | null;
}

/**
 * Reads the profile joined with its hub. Resolves with role hub_user and no hub when
 * there is no profile (spec 6); rejects when the server cannot be reached or errs.
 */
export async function fetchProfile(user: Pick<User, 'id' | 'email'>): Promise<UserProfile> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('profiles')
    .select('user_id, email, full_name, role, hub_id, hub:hubs(id, name, city, type)')
    .eq('user_id', user.id)
    .eq('deleted', false)
    .maybeSingle<ProfileRow>();
  if (error) throw new Error(`profile lookup failed: ${error.message}`);
  if (!data) {
    return {
      userId: user.id,
      email: user.email ?? '',
      fullName: null,
      role: DEFAULT_ROLE,
      hubId: null,
      hub: null,
      hubInfo: EMPTY_HUB_INFO,
      source: 'default',
    };
  }
  return {
    userId: user.id,
    email: user.email ?? data.email ?? '',
    fullName: data.full_name,
    role: isRole(data.role) ? data.role : DEFAULT_ROLE,
    hubId: data.hub_id,
    hub: data.hub,
    hubInfo: deriveHubInfo(data.hub),
    source: 'server',
  };
}

/**
 * What the header and sidebar show: the hub name for a hub user with a hub, else the role with
 * spaces (spec 2.2), in the language of `translate` (the device's by default).
 */
export function roleOrHubName(profile: Pick<UserProfile, 'role' | 'hubInfo'>, translate?: TFunction): string {
  if (profile.role === 'hub_user' && profile.hubInfo.hubName) return profile.hubInfo.hubName;
  return roleLabel(profile.role, translate);
}
