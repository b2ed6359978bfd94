import { MIN_PASSWORD_LENGTH } from '@console/shared';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const EMAIL_MESSAGE = 'Please enter a valid email address.';
export const PASSWORD_MESSAGE = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;

export function isValidEmail(email: string): boolean {
  return email.trim() !== '' && EMAIL_PATTERN.test(email.trim());
}

export interface SignInErrors {
  email?: string;
  password?: string;
}

export function validateSignIn(email: string, password: string): SignInErrors {
  const errors: SignInErrors = {};
  if (!isValidEmail(email)) errors.email = EMAIL_MESSAGE;
  if (password.length < MIN_PASSWORD_LENGTH) errors.password = PASSWORD_MESSAGE;
  return errors;
}
