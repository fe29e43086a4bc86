import { useQuery } from '@tanstack/react-query';
import { USER_API as API, type Profile } from '@zg/contract';
import { call, uploadTo } from '../../api/endpoint';

export const profileQueryKey = ['personalInfo'] as const;

/** `GET /api/user/personalInfo`: the signed-in user's own profile; callers show a failure where it matters. */
export function fetchProfile(signal?: AbortSignal) {
  return call(API.profile, {}, { signal, quiet: true });
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
  return call(API.profileUpdate, { body: { ...rest, ...(sex ? { sex } : {}) } }, { quiet: true });
}

export interface PasswordInput {
  oldPassword: string;
  newPassword: string;
  newPasswordCopy: string;
}

/** `POST /api/user/password/update`: on success every session of the user ends. */
export function changePassword(input: PasswordInput) {
  return call(API.passwordUpdate, { body: input }, { quiet: true });
}

/** `POST /api/user/portraitChange` (multipart `file`): the new avatar's url. */
export function uploadPortrait(file: Blob, filename: string) {
  return uploadTo(API.portraitChange, {}, { file, filename, quiet: true });
}

/** `POST /api/user/theme`: stores the theme for the user. */
export function saveTheme(themeType: string) {
  return call(API.theme, { body: { themeType } }, { quiet: true });
}

export type { Profile };
