import { useAuth, useDocumentTitle } from '@console/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Logo } from '../../components/shell/Logo';
import { OutlinedField } from './OutlinedField';
import { returnPath } from './returnPath';
import { validateSignIn, type SignInErrors } from './validation';

// Fetched when first opened: the sign-in form is what /login must draw fast.
const ResetPasswordDialog = lazy(async () => ({ default: (await import('./ResetPasswordDialog')).ResetPasswordDialog }));

/** The form's two text fields, drawn alike. */
const FIELDS = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
] as const;

export function LoginPage() {
  const { isAuthenticated, login } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  // The page a signed-out visitor asked for (ProtectedRoute's redirect carries it), if it is ours.
  const target = returnPath((location.state as { from?: unknown } | null)?.from);
  const [values, setValues] = useState({ email: '', password: '' });
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<SignInErrors>({});
  const [failure, setFailure] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [resetOpen, setResetOpen] = useState(false);
  useDocumentTitle(['Sign in']);

  if (isAuthenticated && !submitting) return <Navigate to={target} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { email, password } = values;
    const found = validateSignIn(email, password);
    setErrors(found);
    setFailure('');
    if (found.email || found.password) return;
    setSubmitting(true);
    const result = await login({ email: email.trim(), password, remember });
    setSubmitting(false);
    if (result.success) navigate(target, { replace: true });
    else setFailure(result.error ?? 'Invalid email or password');
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'shell.backdrop', p: 2 }}>
      <Paper component="form" onSubmit={submit} noValidate sx={{ p: 4, width: '100%', maxWidth: 400 }}>
        <Logo sx={{ mb: 2 }} />
        <Typography variant="h5" component="h1" gutterBottom>
          Sign in
        </Typography>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        {FIELDS.map((field) => (
          <OutlinedField
            key={field.name}
            {...field}
            value={values[field.name]}
            onChange={({ target }) => setValues((current) => ({ ...current, [field.name]: target.value }))}
            error={errors[field.name]}
          />
        ))}
        <FormControlLabel
          control={<Checkbox checked={remember} onChange={(event) => setRemember(event.target.checked)} />}
          label="Remember me"
        />
        <Button type="submit" variant="contained" fullWidth disabled={submitting} sx={{ mt: 2, mb: 2 }}>
          Sign in
        </Button>
        <Link component="button" type="button" variant="body2" onClick={() => setResetOpen(true)}>
          Forgot your password?
        </Link>
      </Paper>
      {resetOpen && (
        <Suspense fallback={null}>
          <ResetPasswordDialog open onClose={() => setResetOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
