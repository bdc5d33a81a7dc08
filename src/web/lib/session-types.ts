import type { AuthUserDto } from '../../domain/auth';

/** The signed-in user as login and refresh answer it. */
export type SessionUser = AuthUserDto;
