// Code inside a sentence: a long path or header may break anywhere, so it never pushes the
// page wider than a 320 px phone.
import { Code as MantineCode, type CodeProps } from '@mantine/core';
import type { ReactNode } from 'react';

export function Code({ children, style, ...props }: CodeProps & { children: ReactNode }) {
  return (
    <MantineCode {...props} style={{ overflowWrap: 'anywhere', ...(style as object) }}>
      {children}
    </MantineCode>
  );
}
