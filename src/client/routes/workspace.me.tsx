import { createFileRoute } from '@tanstack/react-router';
import { MyEmployment } from '../features/workspace/me/my-employment';

export const Route = createFileRoute('/workspace/me')({
  component: MyEmployment,
});
