// Accounts: customers and staff, their sessions and e-mail codes.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Address } from '../../../domain/shipping';
import type { StaffRole } from '../../../domain/staff-roles';
import { createdAt, updatedAt, userSearchText } from './columns';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
    first_name: text('first_name').notNull().default(''),
    last_name: text('last_name').notNull().default(''),
    instagram: text('instagram'),
    phone: text('phone'),
    is_staff: boolean('is_staff').notNull().default(false),
    is_superuser: boolean('is_superuser').notNull().default(false),
    /** The staff role (src/domain/staff-roles.ts); null for a customer. is_staff and is_superuser follow it. */
    staff_role: text('staff_role').$type<StaffRole>(),
    /** The permissions of a 'custom' role; null for every other role. */
    staff_permissions: text('staff_permissions').array(),
    is_active: boolean('is_active').notNull().default(true),
    email_verified: boolean('email_verified').notNull().default(false),
    /** The delivery address of the customer's last order (checkout prefills it; Mi cuenta edits it). */
    last_address: jsonb('last_address').$type<Address>(),
    /** 'Quiero recibir recordatorios y novedades por email' (Ley 25.326): off until the customer ticks it. */
    marketing_opt_in: boolean('marketing_opt_in').notNull().default(false),
    /** When the customer last gave or withdrew that consent; null while never touched. */
    marketing_opt_in_changed_at: timestamp('marketing_opt_in_changed_at', { withTimezone: true }),
    last_login: timestamp('last_login', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.created_at),
    // The staff order search looks customers up by any of these (orders/queries searchMatches).
    index('users_search_trgm_idx').using('gin', sql`${userSearchText(t)} gin_trgm_ops`),
    // Checks written by hand in drizzle/0016_staff_roles.sql: staff_role is a known role, is_staff and
    // is_superuser follow it, and only a custom role stores permissions.
  ],
);

/** One row per refresh token; a family is one login session, rotated on every refresh. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    family_id: uuid('family_id').notNull(),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    user_agent: text('user_agent'),
    ip: text('ip'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_idx').on(t.token_hash),
    index('refresh_tokens_family_idx').on(t.family_id),
    index('refresh_tokens_user_idx').on(t.user_id),
  ],
);

export const CODE_PURPOSES = ['EMAIL_VERIFY', 'PASSWORD_RESET', 'EMAIL_CHANGE'] as const;

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: CODE_PURPOSES }).notNull(),
    code_hash: text('code_hash').notNull(),
    new_email: text('new_email'),
    attempts: integer('attempts').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumed_at: timestamp('consumed_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [index('verification_codes_lookup_idx').on(sql`lower(${t.email})`, t.purpose, t.created_at)],
);
