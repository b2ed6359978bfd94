import Chip from '@mui/material/Chip';
import { useDevice } from '../../api/device';

/** The alert list narrowed to one device: its hostname (its uid until that loads, or if it cannot), and a way out. */
export function DeviceFilterChip({ uid, onClear }: { uid: string; onClear(): void }) {
  const { data } = useDevice(uid);
  return <Chip label={`Device: ${data?.hostname ?? uid}`} onDelete={onClear} sx={{ alignSelf: 'center' }} />;
}
