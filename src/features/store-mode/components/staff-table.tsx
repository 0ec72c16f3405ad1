import '@mantine/core/styles/Table.css';
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './staff-screens.module.css';

// A table of the staff screens (the day's sales, the store's performance): in its own scrolling box
// on a phone, with header cells for screen readers.

interface StaffTableProps {
  /** The table's heading, naming the box it scrolls in on a phone. */
  label: string;
  columns: string[];
  rows: { key: string | number; cells: ReactNode[] }[];
}

export function StaffTable({ label, columns, rows }: StaffTableProps) {
  return (
    // Focusable, so that a keyboard can scroll it too where it is wider than the screen.
    <div className={classes.tableBox} role="region" aria-label={label} tabIndex={0}>
      <Table striped withTableBorder className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column} scope="col">
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              {row.cells.map((cell, index) => (
                <Table.Td key={columns[index]}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
