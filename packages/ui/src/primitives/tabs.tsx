import * as TabsPrimitive from '@radix-ui/react-tabs';
import { createContext, forwardRef, useContext, useId, useMemo, type ComponentPropsWithoutRef, type HTMLAttributes } from 'react';
import styled from 'styled-components';

/**
 * Radix Tabs for the tab list (roving focus, arrow keys, activation on focus), with tab panels of our own. Radix's
 * TabsContent wraps each panel in Presence, which reads the panel's computed animation name when it attaches: inside
 * the page's first commit that read forced the whole new page's style and layout into the commit's task. Our panels have no exit animation to wait for, so they need no Presence.
 * The tab and panel ids are ours (Radix's are private), set on Radix's trigger, whose own ids they override.
 */
interface TabsState {
  value: string;
  tabId(value: string): string;
  panelId(value: string): string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error(`${part} must be inside <Tabs>`);
  return state;
}

/** Controlled only: the page keeps the chosen tab (every page here has it in its own state). */
export type TabsProps = Omit<ComponentPropsWithoutRef<typeof TabsPrimitive.Root>, 'value' | 'defaultValue'> & { value: string };

export const Tabs = forwardRef<HTMLDivElement, TabsProps>(function Tabs({ value, ...props }, ref) {
  const base = useId();
  const state = useMemo<TabsState>(() => ({ value, tabId: (v) => `${base}tab-${v}`, panelId: (v) => `${base}panel-${v}` }), [base, value]);
  return (
    <TabsContext.Provider value={state}>
      <TabsPrimitive.Root ref={ref} value={value} {...props} />
    </TabsContext.Provider>
  );
});

/** On a narrow screen the strip scrolls sideways instead of cutting its last tabs off. */
export const TabsList = styled(TabsPrimitive.List)`
  display: inline-flex;
  max-width: 100%;
  overflow-x: auto;
  gap: 4px;
  padding: 4px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const Trigger = styled(TabsPrimitive.Trigger)`
  flex-shrink: 0;
  white-space: nowrap;
  border: 0;
  background: transparent;
  padding: 6px 14px;
  border-radius: ${({ theme }) => theme.radii.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  &[data-state='active'] {
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    box-shadow: ${({ theme }) => theme.shadows.sm};
  }
`;

export const TabsTrigger = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<typeof TabsPrimitive.Trigger>>(function TabsTrigger(props, ref) {
  const { tabId, panelId } = useTabs('TabsTrigger');
  return <Trigger ref={ref} {...props} id={tabId(props.value)} aria-controls={panelId(props.value)} />;
});

const Panel = styled.div`
  margin-top: 16px;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
  }
`;

/** The panel of tab `value`: rendered (hidden) for every tab so each tab's aria-controls names an element; children only while selected. */
export const TabsContent = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement> & { value: string }>(function TabsContent({ value, children, ...props }, ref) {
  const tabs = useTabs('TabsContent');
  const selected = tabs.value === value;
  return (
    <Panel
      ref={ref}
      role="tabpanel"
      tabIndex={0}
      data-state={selected ? 'active' : 'inactive'}
      {...props}
      id={tabs.panelId(value)}
      aria-labelledby={tabs.tabId(value)}
      hidden={!selected}
    >
      {selected ? children : null}
    </Panel>
  );
});
