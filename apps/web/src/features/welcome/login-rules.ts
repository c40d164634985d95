import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { emailField, requiredPasswordField } from './form-fields';

// The sign-in form's rules, in their own chunk: the form loads them on its first submit.
export const loginSchema = z.object({ email: emailField, password: requiredPasswordField });
export type LoginValues = z.infer<typeof loginSchema>;
export const loginResolver = zodResolver(loginSchema);
