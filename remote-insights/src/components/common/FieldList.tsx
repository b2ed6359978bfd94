import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface Field {
  label: string;
  value: ReactNode;
}

/** Label/value pairs as a description list, two columns on wide screens. */
export function FieldList({ fields }: { fields: Field[] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 1, m: 0 }}
    >
      {fields.map((field) => (
        <Box key={field.label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {field.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>
            {field.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
