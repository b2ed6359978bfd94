export interface Profile {
  user_email: string;
  tenant_uid: string;
  tenant_name?: string;
  user_uid?: string;
}

export interface AuthState {
  profile: Profile | null;
  isAuthenticated: boolean;
  loading: boolean;
}

export interface LoginPayload {
  email: string;
  password: string;
  remember?: boolean;
}

export interface AuthCheckResponse {
  success: boolean;
  error?: string;
  detail?: string;
}

export interface AuthResult {
  success: boolean;
  error?: string;
}

export interface ApiErrorBody {
  detail?: string;
  errors?: Record<string, unknown>;
}

export interface Paginated<T> {
  count?: number;
  next?: string | null;
  previous?: string | null;
  results: T[];
}
