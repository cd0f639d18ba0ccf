/** Who may call an endpoint: anyone, a logged-in user, a real (not demo) account, an admin. */
export type Access = 'visitor' | 'user' | 'real' | 'admin';
