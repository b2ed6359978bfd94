import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface Field {
  label: string;
  value: ReactNode;
}

export interface FieldListProps {
  fields: Field[];
  /** Keep the values' line breaks and runs of spaces (text from a scan or an SBOM). */
  preWrap?: boolean;
}

/** Label/value pairs as a description list, two columns on wide screens. */
export function FieldList({ fields, preWrap = false }: FieldListProps) {
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
          <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word', whiteSpace: preWrap ? 'pre-wrap' : undefined }}>
            {field.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
