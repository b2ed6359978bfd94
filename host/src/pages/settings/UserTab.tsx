import { useColorMode, type ColorModePreference } from '@console/shared';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';

const CHOICES: { value: ColorModePreference; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** The spec's sentence, and beside it the light/dark choice (kept in this browser). */
export function UserTab({ text }: { text: string }) {
  const { preference, setPreference } = useColorMode();
  return (
    <>
      <Typography gutterBottom>{text}</Typography>
      <FormControl sx={{ mt: 2 }}>
        <FormLabel id="theme-choice-label">Theme</FormLabel>
        <RadioGroup
          row
          aria-labelledby="theme-choice-label"
          value={preference}
          onChange={(_, value) => setPreference(value as ColorModePreference)}
        >
          {CHOICES.map((choice) => (
            <FormControlLabel key={choice.value} value={choice.value} control={<Radio />} label={choice.label} />
          ))}
        </RadioGroup>
      </FormControl>
    </>
  );
}
