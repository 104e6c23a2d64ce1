import { Button, Modal } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { TESTIMONIAL_MESSAGES, type Testimonial } from '../../../common/testimonials';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCreateTestimonial, useUpdateTestimonial } from './api';
import { fieldsOf, TestimonialForm, type TestimonialValues } from './testimonial-form';
import { TestimonialsList } from './testimonials-list';

/** The modal's views: the list, adding one, editing one. */
type View = { name: 'list' } | { name: 'add' } | { name: 'edit'; testimonial: Testimonial };

const TITLES = { list: 'Testimonials', add: 'Add Testimonial', edit: 'Edit Testimonial' } as const;

export interface TestimonialsModalProps {
  opened: boolean;
  onClose: () => void;
}

/** Testimonials management: moderate the list, add one, edit one. */
export function TestimonialsModal({ opened, onClose }: TestimonialsModalProps) {
  const [view, setView] = useState<View>({ name: 'list' });
  const create = useCreateTestimonial();
  const update = useUpdateTestimonial();
  const toList = () => setView({ name: 'list' });

  const handleClose = () => {
    toList();
    onClose();
  };

  const handleAdd = (values: TestimonialValues, showServerErrors: (error: unknown) => boolean) =>
    create.mutate(
      { ...fieldsOf(values), is_featured: values.is_featured },
      {
        onSuccess: () => {
          notifySuccess(TESTIMONIAL_MESSAGES.created);
          toList();
        },
        onError: (error) => {
          if (!showServerErrors(error)) notifyError(TESTIMONIAL_MESSAGES.addFailed);
        },
      },
    );

  const handleEdit =
    (testimonial: Testimonial) =>
    (values: TestimonialValues, showServerErrors: (error: unknown) => boolean) =>
      update.mutate(
        { id: testimonial.id, input: fieldsOf(values) },
        {
          onSuccess: () => {
            notifySuccess(TESTIMONIAL_MESSAGES.updated);
            toList();
          },
          onError: (error) => {
            if (!showServerErrors(error)) notifyError(TESTIMONIAL_MESSAGES.editFailed);
          },
        },
      );

  return (
    <Modal opened={opened} onClose={handleClose} title={TITLES[view.name]} size="xl" centered>
      {view.name === 'list' && (
        <TestimonialsList
          onAdd={() => setView({ name: 'add' })}
          onEdit={(testimonial) => setView({ name: 'edit', testimonial })}
        />
      )}
      {view.name === 'add' && (
        <TestimonialForm saving={create.isPending} onSubmit={handleAdd} onCancel={toList} />
      )}
      {view.name === 'edit' && (
        <TestimonialForm
          key={view.testimonial.id}
          testimonial={view.testimonial}
          saving={update.isPending}
          onSubmit={handleEdit(view.testimonial)}
          onCancel={toList}
        />
      )}
    </Modal>
  );
}

/** The admin dashboard's 'Testimonials' button, with the modal it opens. */
export function TestimonialsButton() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconMessageCircle size={18} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        Testimonials
      </Button>
      <TestimonialsModal opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
