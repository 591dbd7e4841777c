/** Accounts: the roles and what they may do. */

export const roles = ['user', 'admin'] as const;
export type Role = (typeof roles)[number];

/** A role's name as the profile shows it. */
export const roleLabels: Record<Role, string> = {
  admin: 'Administrator',
  user: 'Klient',
};

/** Whether a user is an admin (the role decides; `isAdmin` is the same fact as the API sends it). */
export const isAdmin = (user: { role: string; isAdmin?: boolean } | null | undefined): boolean =>
  !!user && (user.role === 'admin' || user.isAdmin === true);
