import { Alert, Anchor, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { BLOG_POST_NOT_FOUND } from '../../../../common/blog';
import { LOAD_FAILED_MESSAGE } from '../../../components/panel-body';
import { isNotFound } from '../../../lib/api-client';
import { useAdminBlogPost } from './admin-api';
import { BLOG_LIST_PATH, BlogPostForm } from './blog-post-form';

function BackLink() {
  return (
    <Anchor component={Link} to={BLOG_LIST_PATH} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        Back to Blog Management
      </Group>
    </Anchor>
  );
}

/** An existing post, read before its form is built so the form starts from the stored values. */
function EditPost({ postId }: { postId: string }) {
  const post = useAdminBlogPost(postId);
  if (post.isPending) return <Loader aria-label="Loading blog post" />;
  if (post.isError) {
    return (
      <Alert color="red" role="alert">
        <Group justify="space-between">
          <Text size="sm">{isNotFound(post.error) ? BLOG_POST_NOT_FOUND : LOAD_FAILED_MESSAGE}</Text>
          {!isNotFound(post.error) && (
            <Button size="xs" color="red" variant="white" onClick={() => void post.refetch()}>
              Retry
            </Button>
          )}
        </Group>
      </Alert>
    );
  }
  return <BlogPostForm key={post.data.id} post={post.data} />;
}

/** /app/admin/blog/new and /app/admin/blog/:postId/edit. */
export function BlogEditorPage() {
  const { postId } = useParams();
  return (
    <Container size="md" py="lg" px={0}>
      <Stack gap="md">
        <BackLink />
        <Title order={1}>{postId ? 'Edit Blog Post' : 'New Blog Post'}</Title>
        {postId ? <EditPost postId={postId} /> : <BlogPostForm />}
      </Stack>
    </Container>
  );
}
