// Roles of spec §6. A platform admin runs the service; an organization admin looks after the
// organization's companies; a company owner and operators work inside one company.
export const ROLES = ['platform_admin', 'org_admin', 'company_owner', 'operator'] as const;
export type Role = (typeof ROLES)[number];

export const USER_STATUSES = ['active', 'inactive', 'blocked'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** The user as the server returns it at sign-in and from /api/v2/user/me. */
export interface SessionUser {
  id: string;
  username: string;
  firstname: string;
  lastname: string;
  email: string;
  mobile: string | null;
  role: Role;
  /** Spec §3: the stored user carries isAdmin for the platform admin. */
  isAdmin: boolean;
  user_type: Role;
  organization_id: string | null;
  company_id: string | null;
  company: { id: string; name: string; tin: string; blockedByTra: boolean } | null;
  language: 'en' | 'sw';
  changePassword: boolean;
}

export function worksInCompany(role: Role): boolean {
  return role === 'company_owner' || role === 'operator';
}
