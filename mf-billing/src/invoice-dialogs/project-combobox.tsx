import type { Project } from '@midway/contracts';
import { Input } from '@midway/ui';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';

/** How a project reads in the picker (the spec's 'name - client name'). */
export const projectLabel = (p: Pick<Project, 'name' | 'clientName'>) => `${p.name} - ${p.clientName}`;

/** Projects whose name or client's name contains every word typed (any case, any order). */
export function matchingProjects<P extends Pick<Project, 'name' | 'clientName'>>(projects: readonly P[], typed: string): P[] {
  const words = typed.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...projects];
  return projects.filter((p) => {
    const text = `${p.name} ${p.clientName}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

const Wrap = styled.div`
  position: relative;
`;

const List = styled.ul`
  position: absolute;
  z-index: 10;
  top: calc(100% + 4px);
  left: 0;
  right: 0;
  max-height: 260px;
  overflow-y: auto;
  margin: 0;
  padding: 4px;
  list-style: none;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 8px;
  box-shadow: 0 8px 24px rgb(15 23 42 / 12%);
`;

const Option = styled.li<{ $active: boolean }>`
  padding: 8px 10px;
  border-radius: 6px;
  cursor: pointer;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  background: ${({ $active, theme }) => ($active ? theme.colors.accentSoft : 'transparent')};
  &[aria-selected='true'] {
    font-weight: 600;
  }
`;

const Empty = styled.li`
  padding: 8px 10px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface ProjectComboboxProps {
  id: string;
  label: string;
  projects: readonly Project[];
  /** The chosen project's id ('' for none). */
  value: string;
  onChange(projectId: string): void;
  loading?: boolean;
  disabled?: boolean;
  invalid?: boolean;
}

/**
 * A searchable project picker (the WAI-ARIA combobox with a listbox): typing filters by project or client name,
 * ↑/↓ move through the matches, Enter chooses, Escape closes the list (not the dialog). With a hundred projects
 * or more, a flat list is too long to scan.
 */
export function ProjectCombobox({ id, label, projects, value, onChange, loading, disabled, invalid }: ProjectComboboxProps) {
  const listId = useId();
  const chosen = projects.find((p) => p.id === value);
  const [open, setOpen] = useState(false);
  // What the user has typed since the list opened; null shows the chosen project's label.
  const [typed, setTyped] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // The dialog closes on Escape from a listener of its own that runs before the input's; while the list is open,
  // Escape is marked handled first (the dialog then stays), and the input's handler closes the list.
  useEffect(() => {
    if (!open) return;
    const win = inputRef.current?.ownerDocument.defaultView;
    const claim = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape' && e.target === inputRef.current) e.preventDefault();
    };
    win?.addEventListener('keydown', claim, true);
    return () => win?.removeEventListener('keydown', claim, true);
  }, [open]);
  const matches = useMemo(() => matchingProjects(projects, typed ?? ''), [projects, typed]);
  const activeIndex = Math.min(active, matches.length - 1);
  const optionId = (i: number) => `${listId}-option-${i}`;

  const openList = () => {
    if (disabled) return;
    setOpen(true);
    const at = matches.findIndex((p) => p.id === value);
    setActive(at >= 0 ? at : 0);
  };
  const close = () => {
    setOpen(false);
    setTyped(null);
  };
  const choose = (p: Project) => {
    onChange(p.id);
    close();
  };
  const move = (to: number) => {
    if (matches.length === 0) return;
    const next = (to + matches.length) % matches.length;
    setActive(next);
    listRef.current?.ownerDocument.getElementById(optionId(next))?.scrollIntoView?.({ block: 'nearest' });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return openList();
      move(activeIndex + (e.key === 'ArrowDown' ? 1 : -1));
    } else if (e.key === 'Home' && open) {
      e.preventDefault();
      move(0);
    } else if (e.key === 'End' && open) {
      e.preventDefault();
      move(matches.length - 1);
    } else if (e.key === 'Enter' && open) {
      // Enter chooses the highlighted project; it does not submit the form.
      e.preventDefault();
      const p = matches[activeIndex];
      if (p) choose(p);
    } else if (e.key === 'Escape' && open) {
      // Closes the list only: the dialog stays open (see the listener above).
      e.stopPropagation();
      close();
    }
  };

  let placeholder = 'Search projects or clients...';
  if (loading) placeholder = 'Loading projects...';
  else if (!chosen) placeholder = 'Select a project';
  return (
    <Wrap>
      <Input
        ref={inputRef}
        id={id}
        type="text"
        role="combobox"
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open && matches.length > 0 ? optionId(activeIndex) : undefined}
        aria-invalid={invalid || undefined}
        autoComplete="off"
        placeholder={placeholder}
        disabled={disabled}
        value={typed ?? (chosen ? projectLabel(chosen) : '')}
        onChange={(e) => {
          setTyped(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onClick={() => (open ? undefined : openList())}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      {open ? (
        <List id={listId} role="listbox" aria-label={`${label} options`} ref={listRef}>
          {matches.length === 0 ? (
            <Empty role="presentation">{loading ? 'Loading projects...' : 'No projects match'}</Empty>
          ) : (
            matches.map((p, i) => (
              <Option
                key={p.id}
                id={optionId(i)}
                role="option"
                aria-selected={p.id === value}
                $active={i === activeIndex}
                // Chosen before the input's blur closes the list.
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(p);
                }}
                onMouseEnter={() => setActive(i)}
              >
                {projectLabel(p)}
              </Option>
            ))
          )}
        </List>
      ) : null}
    </Wrap>
  );
}
