// The one way to build a data table (TanStack Table): columns that sort when
// their header is pressed (aria-sort, keyboard operable), a text filter over
// every column, rows that open their detail through a real button, row
// actions (Edit/Delete menus), an empty state (a skeleton until the tables arrive), and
// 'Export CSV' of exactly the rows and columns shown, in the order shown. On phones each row is
// a card of label and value pairs (data-table-cards in src/index.css), never a sideways scroll.
import { useMemo, useRef, useState, type ReactNode } from 'react';
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { ArrowDown, ArrowRight, ArrowUp, ArrowUpDown, Download } from 'lucide-react';
import { downloadText, toCsv, type CsvValue } from '../lib/csv';
import { useScrollEdges } from '../lib/hooks/use-scroll-edges';
import { useT } from '../lib/i18n';
import { matchesFilter } from '../lib/table-filter';
import { cn } from '../lib/utils';
import { EmptyState } from './empty-state';
import { Button } from './ui/button';
import { Input } from './ui/input';
import { Skeleton } from './ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './ui/table';

const NO_TABLES = [] as const;

export interface DataColumn<T> {
  id: string;
  header: string;
  /** The value sorted, filtered and exported. */
  value: (row: T) => CsvValue;
  /** What the cell shows, if not the value itself. */
  cell?: (row: T) => ReactNode;
  sortable?: boolean;
  className?: string;
  /**
   * A batch number, a date, a phone number: kept whole on one line in the table (the table scrolls
   * sideways instead); the phone's cards still wrap it.
   */
  oneLine?: boolean;
}

export interface DataTableProps<T> {
  rows: readonly T[];
  columns: readonly DataColumn<T>[];
  rowId: (row: T) => string;
  emptyText: ReactNode;
  /**
   * False while the rows' tables have not arrived on this device (useTablesArrived): the rows
   * so far are shown, but a skeleton stands where the empty state would say there are none.
   */
  ready?: boolean;
  /** Shows the text filter with this placeholder. */
  filterPlaceholder?: string;
  /** Opens a row's detail: the first cell becomes a button. */
  onRowClick?: (row: T) => void;
  /** Added for screen readers to the open button's visible text, e.g. `Detail ${batch}`. */
  rowLabel?: (row: T) => string;
  rowActions?: (row: T) => ReactNode;
  /** Shows 'Export CSV', saving `${csvName}.csv`. */
  csvName?: string;
  initialSort?: SortingState;
  /** The text filter's starting value (e.g. from the URL). */
  initialFilter?: string;
  /** More controls in the toolbar (filters of the screen's own). */
  toolbar?: ReactNode;
  testId?: string;
  caption?: string;
}

export function DataTable<T>({
  rows,
  columns,
  rowId,
  emptyText,
  ready = true,
  filterPlaceholder,
  onRowClick,
  rowLabel,
  rowActions,
  csvName,
  initialSort = [],
  initialFilter = '',
  toolbar,
  testId = 'data-table',
  caption,
}: DataTableProps<T>) {
  const t = useT();
  const [sorting, setSorting] = useState<SortingState>(initialSort);
  const [filter, setFilter] = useState(initialFilter);
  const defs = useMemo<ColumnDef<T>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        header: c.header,
        accessorFn: (row: T) => c.value(row) ?? null,
        enableSorting: c.sortable !== false,
        // The first press sorts ascending, for text and numbers alike.
        sortDescFirst: false,
        sortUndefined: 'last',
        cell: (ctx) => (c.cell ? c.cell(ctx.row.original) : String(ctx.getValue() ?? '')),
      })),
    [columns],
  );
  // TanStack Table hands back functions the React Compiler cannot memoize; this
  // component is not compiled, which is what the warning says.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows as T[],
    columns: defs,
    state: { sorting, globalFilter: filter },
    onSortingChange: setSorting,
    onGlobalFilterChange: setFilter,
    globalFilterFn: (row, _columnId, query: string) =>
      matchesFilter(
        columns.map((c) => c.value(row.original)),
        query,
      ),
    getRowId: (row) => rowId(row),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
  });
  const shown = table.getRowModel().rows;
  const box = useRef<HTMLDivElement>(null);
  // Columns out of sight to the right (a portrait tablet): a hint above, a fade on the edge.
  const moreToTheRight = useScrollEdges(box, '[data-slot=table-container]').right;

  const exportCsv = () => {
    const text = toCsv(
      columns.map((c) => c.header),
      shown.map((r) => columns.map((c) => c.value(r.original))),
    );
    downloadText(`${csvName}.csv`, text);
  };

  return (
    <div className="grid min-w-0 gap-3" data-testid={testId} data-table-cards="">
      {(filterPlaceholder || csvName || toolbar) && (
        <div className="flex flex-wrap items-center gap-2">
          {filterPlaceholder && (
            <Input
              type="search"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              placeholder={filterPlaceholder}
              aria-label={filterPlaceholder}
              className="max-w-xs"
              data-testid={`${testId}-filter`}
            />
          )}
          {toolbar}
          {csvName && (
            <Button
              type="button"
              variant="outline"
              className="ml-auto"
              onClick={exportCsv}
              data-testid={`${testId}-export`}
            >
              <Download aria-hidden="true" />
              {t('table.exportCsv')}
            </Button>
          )}
        </div>
      )}
      {moreToTheRight && (
        // A table wider than the screen (a portrait tablet) says so, and where its other columns are.
        <p
          className="-mb-1 flex items-center justify-end gap-1 text-sm text-muted-foreground"
          aria-hidden="true"
          data-testid={`${testId}-scroll-hint`}
        >
          {t('table.scrollHint')}
          <ArrowRight className="size-4" />
        </p>
      )}
      <div
        ref={box}
        className="relative overflow-x-auto rounded-md border max-sm:rounded-none max-sm:border-0"
        data-table-scroll=""
        data-more-right={moreToTheRight || undefined}
      >
        <Table>
          {caption && <caption className="sr-only">{caption}</caption>}
          <TableHeader>
            {table.getHeaderGroups().map((group) => (
              <TableRow key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <TableHead
                      key={header.id}
                      aria-sort={
                        sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                      }
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          className="inline-flex min-h-11 items-center gap-1 font-medium"
                          onClick={header.column.getToggleSortingHandler()}
                          data-testid={`${testId}-sort-${header.id}`}
                        >
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          {sorted === 'asc' ? (
                            <ArrowUp className="size-4" aria-hidden="true" />
                          ) : sorted === 'desc' ? (
                            <ArrowDown className="size-4" aria-hidden="true" />
                          ) : (
                            <ArrowUpDown className="size-4 opacity-40" aria-hidden="true" />
                          )}
                        </button>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </TableHead>
                  );
                })}
                {rowActions && (
                  <TableHead>
                    <span className="sr-only">{t('common.actions')}</span>
                  </TableHead>
                )}
              </TableRow>
            ))}
          </TableHeader>
          <TableBody>
            {shown.map((row) => (
              <TableRow
                key={row.id}
                data-testid={`${testId}-row`}
                className={onRowClick ? 'cursor-pointer' : undefined}
                onClick={onRowClick ? () => onRowClick(row.original) : undefined}
              >
                {row.getVisibleCells().map((cell, i) => (
                  <TableCell
                    key={cell.id}
                    className={cn(columns[i]?.oneLine && 'sm:whitespace-nowrap', columns[i]?.className)}
                    data-label={columns[i]?.header}
                  >
                    {i === 0 && onRowClick ? (
                      <button
                        type="button"
                        className="min-h-11 text-left font-medium underline-offset-4 hover:underline"
                        onClick={(e) => {
                          e.stopPropagation();
                          onRowClick(row.original);
                        }}
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        {/* The visible text stays the start of the name (WCAG 2.5.3). */}
                        {rowLabel && <span className="sr-only"> ({rowLabel(row.original)})</span>}
                      </button>
                    ) : (
                      flexRender(cell.column.columnDef.cell, cell.getContext())
                    )}
                  </TableCell>
                ))}
                {rowActions && (
                  <TableCell className="w-12 text-right" data-actions="" onClick={(e) => e.stopPropagation()}>
                    {rowActions(row.original)}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {!ready ? (
        <Skeleton className="h-24 w-full" data-testid={`${testId}-loading`} />
      ) : (
        shown.length === 0 && (
          // Whether the rows' tables have arrived is the screen's to say (`ready`).
          <EmptyState testId={`${testId}-empty`} tables={NO_TABLES}>
            {emptyText}
          </EmptyState>
        )
      )}
    </div>
  );
}
