import { PRODUCT_NAME, useColorMode } from '@console/shared';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import darkLogoUrl from '../../assets/logo-dark.svg';
import logoUrl from '../../assets/logo.svg';

/** The logo at the spec's 140x30; in dark mode its dark lettering is drawn light. */
export function Logo({ sx }: { sx?: SxProps<Theme> }) {
  const { mode } = useColorMode();
  return (
    <Box
      component="img"
      src={mode === 'dark' ? darkLogoUrl : logoUrl}
      alt={PRODUCT_NAME}
      width={140}
      height={30}
      sx={[{ width: 140, height: 30 }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
