import { createFileRoute } from '@tanstack/react-router';
import { FirmSettings } from '../features/workspace/settings/firm-settings';

export const Route = createFileRoute('/workspace/settings')({
  component: FirmSettings,
});
