import type { CSSProperties, ReactNode } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type ScreenReaderInstructions,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import HolderOutlined from '@ant-design/icons/HolderOutlined';
import { useTranslation } from 'react-i18next';

/**
 * A list reordered by drag and drop (issue 8: categories, menu groups, modifier groups, channel
 * layouts) with the mouse, a finger or the keyboard: Tab to an entry's handle, Space to pick it up,
 * arrow keys to move it, Space to drop, Escape to cancel. Screen readers hear each step in the
 * interface language. `onReorder` gets the whole new order of ids, which is what the server takes.
 */
export function SortableList<T>({
  items,
  idOf,
  labelOf,
  render,
  onReorder,
  disabled = false,
  onDragStart,
}: {
  items: readonly T[];
  idOf: (item: T) => number | string;
  labelOf: (item: T) => string;
  render: (item: T, handle: ReactNode) => ReactNode;
  onReorder: (ids: (number | string)[]) => void;
  disabled?: boolean;
  /** A drag begins (e.g. to fold open rows, so rows of one height move one place per arrow key). */
  onDragStart?: () => void;
}) {
  const { t } = useTranslation('menu');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map(idOf);
  const nameOf = (id: number | string | undefined) => {
    const item = items.find((i) => idOf(i) === id);
    return item ? labelOf(item) : '';
  };
  const position = (id: number | string | undefined) => ids.indexOf(id as number | string) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('sort.picked', { name: nameOf(active.id), position: position(active.id), count: ids.length }),
    onDragOver: ({ active, over }) =>
      over ? t('sort.moved', { name: nameOf(active.id), position: position(over.id), count: ids.length }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('sort.dropped', { name: nameOf(active.id), position: position(over.id), count: ids.length }) : undefined,
    onDragCancel: ({ active }) => t('sort.cancelled', { name: nameOf(active.id) }),
  };
  const instructions: ScreenReaderInstructions = { draggable: t('sort.instructions') };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(active.id);
    const to = ids.indexOf(over.id);
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(ids, from, to));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: instructions }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        <ul className="ra-menu-sortable">
          {items.map((item) => (
            <SortableRow key={idOf(item)} id={idOf(item)} label={labelOf(item)} disabled={disabled}>
              {(handle) => render(item, handle)}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  id,
  label,
  disabled,
  children,
}: {
  id: number | string;
  label: string;
  disabled: boolean;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation('menu');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled,
  });
  const style: CSSProperties = {
    transform: CSS.Transform.toString(transform),
    transition,
    zIndex: isDragging ? 2 : undefined,
    position: 'relative',
  };
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className="ra-menu-sortable__handle"
      aria-label={t('sort.handle', { name: label })}
      disabled={disabled}
      {...attributes}
      {...listeners}
    >
      <HolderOutlined aria-hidden />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={isDragging ? 'ra-menu-sortable__row is-dragging' : 'ra-menu-sortable__row'}
    >
      {children(handle)}
    </li>
  );
}
