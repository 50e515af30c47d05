// Every user-facing string from the product spec lives here, so tests and screens
// quote the same text and a wording change happens in one place.

export const PRODUCT_NAME = 'Dermaga';

/** Title of the destructive toast every failure uses (spec section 8). */
export const ERROR_TITLE = 'Error';

export const LOADING_MESSAGE = 'Loading...';

export const NOT_FOUND_TITLE = 'Page Not Found';
export const NOT_FOUND_DESCRIPTION = "The page you're looking for doesn't exist.";
export const RETURN_TO_DASHBOARD = 'Return to Dashboard';

export const LOG_OUT = 'Log out';

// Login (spec 2.3, 5, 8.6)
export const LOGIN_FILL_ALL_FIELDS = 'Please fill in all fields';
export const LOGIN_PASSWORD_TOO_SHORT = 'Password must be at least 6 characters';
export const LOGIN_AUTH_ERROR_TITLE = 'Authentication Error';
// Not in the spec: shown when the provider gives no message because it could not be reached.
export const LOGIN_SERVER_UNREACHABLE = 'Cannot reach the server. Check your connection and try again.';
export const LOGIN_WELCOME_TITLE = 'Welcome back!';
export const LOGIN_WELCOME_DESCRIPTION = 'You have successfully signed in.';
export const SIGNUP_VERIFY_EMAIL_TITLE = 'Account created!';
export const SIGNUP_VERIFY_EMAIL_DESCRIPTION =
  'Please check your email to verify your account before signing in.';

// The login page's pitch (spec 1).
export const LOGIN_HIGHLIGHTS = [
  'Real-time shipment tracking',
  'Multi-hub inventory management',
  'Role-based access control',
] as const;
