// A table of rows under a header of column names, named for assistive technology by `label`: the settings'
// lists (operators, roles, limits, an operator's day) and the sandbox's test cards. The rows are the children.
import '@mantine/core/styles/Table.css';
import { Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

export function ColumnTable({
  label,
  columns,
  children,
  ...table
}: Omit<TableProps, 'children'> & { label: string; columns: readonly ReactNode[]; children: ReactNode }) {
  return (
    <Table striped withTableBorder aria-label={label} {...table}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
            <Table.Th key={index} scope="col">
              {column}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
}
