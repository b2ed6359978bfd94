import { createTheme } from '@mui/material/styles';
import { ACCENT_COLOR } from './constants';

export const theme = createTheme({
  palette: {
    primary: { main: ACCENT_COLOR },
  },
});
