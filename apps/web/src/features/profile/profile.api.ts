import { useQuery } from '@tanstack/react-query';
import { type Profile, ProfileSchema } from '@zg/contract';
import { get, type Parser, post, upload } from '../../api/client';

export const profileQueryKey = ['personalInfo'] as const;

/** `GET /api/user/personalInfo`: the signed-in user's own profile; callers show a failure where it matters. */
export function fetchProfile(signal?: AbortSignal) {
  return get('/api/user/personalInfo', { schema: ProfileSchema, signal, quiet: true });
}

/** The own profile (avatar, theme, contact details). */
export function useProfile(enabled = true) {
  // The top bar and home page greet with it; a failure there shows the toast, not an error in place of the page.
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => fetchProfile(signal),
    enabled,
    throwOnError: false,
  });
}

export interface ProfileInput {
  email: string;
  phone: string;
  qq: string;
  sex: number | null;
  isUseDefaultAvatar: boolean;
}

/** `POST /api/user/personalInfo/update`: the caller shows the outcome. */
export function updateProfile(input: ProfileInput) {
  const { sex, ...rest } = input;
  return post(
    '/api/user/personalInfo/update',
    { ...rest, ...(sex ? { sex } : {}) },
    { schema: ProfileSchema, quiet: true },
  );
}

export interface PasswordInput {
  oldPassword: string;
  newPassword: string;
  newPasswordCopy: string;
}

/** `POST /api/user/password/update`: on success every session of the user ends. */
export function changePassword(input: PasswordInput) {
  return post('/api/user/password/update', input, { quiet: true });
}

/** A reply `{ [field]: string }`; the server declares these inline in its routes, so they are checked here. */
function stringField<K extends string>(field: K): Parser<Record<K, string>> {
  return {
    parse(data) {
      const value = (data ?? {}) as Record<string, unknown>;
      if (typeof value[field] !== 'string') throw new TypeError(field);
      return { [field]: value[field] } as Record<K, string>;
    },
  };
}

const PortraitSchema = stringField('headPortrait');

/** `POST /api/user/portraitChange` (multipart `file`): the new avatar's url. */
export function uploadPortrait(file: Blob, filename: string) {
  return upload('/api/user/portraitChange', { file, filename, schema: PortraitSchema, quiet: true });
}

const ThemeSchema = stringField('themeType');

/** `POST /api/user/theme`: stores the theme for the user. */
export function saveTheme(themeType: string) {
  return post('/api/user/theme', { themeType }, { schema: ThemeSchema, quiet: true });
}

export type { Profile };
