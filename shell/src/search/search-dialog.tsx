import type { SearchResult } from '@midway/contracts';
import { Dialog, DialogContent, DialogTitle, DialogDescription } from '@midway/ui/dialog';
import { useQuery } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { FolderOpen, Loader2, Package, Search, Wrench, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from '@midway/ui/router';
import styled from 'styled-components';
import { fetchSearchResults, notSearchedMessage, SEARCH_DEBOUNCE_MS, shouldSearch } from './search-query';
import { useDebouncedValue } from './use-debounced-value';

const TYPE_ICONS: Record<SearchResult['type'], LucideIcon> = { project: FolderOpen, item: Package, service: Wrench };

const InputRow = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  padding: 0 16px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  svg { width: 18px; height: 18px; color: ${({ theme }) => theme.colors.textSubtle}; flex-shrink: 0; }
  input {
    flex: 1;
    height: 52px;
    border: 0;
    outline: none;
    background: transparent;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;

const List = styled(Command.List)`
  max-height: min(360px, 60vh);
  overflow-y: auto;
  padding: 8px;
  [cmdk-group-heading] {
    padding: 8px 8px 4px;
    font-size: ${({ theme }) => theme.fontSizes.xs};
    font-weight: 600;
    color: ${({ theme }) => theme.colors.textSubtle};
  }
`;

const Empty = styled(Command.Empty)`
  padding: 28px 8px;
  text-align: center;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Said when a source was left out: the list may be missing what it would have found. */
const Partial = styled.p`
  padding: 10px 8px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  button {
    border: 0;
    background: none;
    padding: 0;
    color: ${({ theme }) => theme.colors.accent};
    font: inherit;
    font-weight: 600;
    text-decoration: underline;
    cursor: pointer;
  }
`;

const Item = styled(Command.Item)`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 10px 8px;
  border-radius: ${({ theme }) => theme.radii.md};
  cursor: pointer;
  &[data-selected='true'] { background: ${({ theme }) => theme.colors.surfaceMuted}; }
  > svg { width: 18px; height: 18px; color: ${({ theme }) => theme.colors.accent}; flex-shrink: 0; }
`;

const ItemText = styled.div`
  flex: 1;
  min-width: 0;
  p { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`;

const ItemTitle = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
`;

const ItemSubtitle = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const TypeLabel = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textSubtle};
  text-transform: capitalize;
`;

/** Global search: cmdk list inside a Radix dialog; the server does the matching. */
export function SearchDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const enabled = open && shouldSearch(debounced);
  const search = useQuery({
    queryKey: ['/api/search', debounced.trim()],
    queryFn: ({ signal }) => fetchSearchResults(debounced, signal),
    enabled,
  });
  const results = enabled ? (search.data?.results ?? []) : [];
  const notSearched = enabled && !search.isFetching ? (search.data?.notSearched ?? []) : [];
  const busy = enabled && search.isFetching;

  const choose = (result: SearchResult) => {
    onOpenChange(false);
    setQuery('');
    navigate(result.url);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent width="600px" style={{ padding: 0, top: '20%', transform: 'translate(-50%, 0)' }} hideClose>
        <DialogTitle className="visually-hidden">Search</DialogTitle>
        <DialogDescription className="visually-hidden">Search projects, items and services by name.</DialogDescription>
        <Command shouldFilter={false} label="Search" loop>
          <InputRow>
            {busy ? <Loader2 aria-hidden /> : <Search aria-hidden />}
            <Command.Input value={query} onValueChange={setQuery} placeholder="Search projects, items, services..." />
          </InputRow>
          <List>
            {!busy && notSearched.length === 0 && <Empty>No results found.</Empty>}
            {notSearched.length > 0 && (
              <Partial role="status" data-testid="search-partial">
                {notSearchedMessage(notSearched)}{' '}
                <button type="button" onClick={() => void search.refetch()}>
                  Try again
                </button>
              </Partial>
            )}
            {results.length > 0 && (
              <Command.Group heading="Results">
                {results.map((result) => {
                  const Icon = TYPE_ICONS[result.type] ?? Package;
                  return (
                    <Item key={`${result.type}-${result.id}`} value={`${result.type}-${result.id}`} onSelect={() => choose(result)}>
                      <Icon aria-hidden />
                      <ItemText>
                        <ItemTitle>{result.title}</ItemTitle>
                        {result.subtitle ? <ItemSubtitle>{result.subtitle}</ItemSubtitle> : null}
                      </ItemText>
                      <TypeLabel>{result.type}</TypeLabel>
                    </Item>
                  );
                })}
              </Command.Group>
            )}
          </List>
        </Command>
      </DialogContent>
    </Dialog>
  );
}
