import { createFileRoute } from '@tanstack/react-router';
import { BlogEditorPage } from '../features/workspace/blog/blog-editor-page';

export const Route = createFileRoute('/workspace/blog/$blogId')({
  component: function BlogEditorRoute() {
    const { blogId } = Route.useParams();
    return <BlogEditorPage shortId={blogId} />;
  },
});
