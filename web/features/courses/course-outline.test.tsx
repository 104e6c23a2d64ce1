import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../../test/render';
import { makeLesson, makeModule } from './admin/test-data';
import { CourseOutline } from './course-outline';

describe('CourseOutline', () => {
  it("shows students a module's own description, never the new-module placeholder", () => {
    const modules = [
      makeModule({ title: 'Roots', description: 'Rooting the stance.' }),
      makeModule({
        id: '9a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
        title: 'Fresh',
        description: 'Add a description',
      }),
    ];
    render(
      <TestProviders>
        <CourseOutline modules={modules} completed={new Set()} onOpenLesson={null} />
      </TestProviders>,
    );
    expect(screen.getByText('Rooting the stance.')).toBeTruthy();
    expect(screen.queryByText('Add a description')).toBeNull();
  });

  it('shows lesson durations in the one duration format', () => {
    render(
      <TestProviders>
        <CourseOutline
          modules={[makeModule({ lessons: [makeLesson({ duration_minutes: 25 })] })]}
          completed={new Set()}
          onOpenLesson={null}
        />
      </TestProviders>,
    );
    expect(screen.getByText('25 min')).toBeTruthy();
  });
});
