/**
 * Test kit (renderer component tests of the Documents screen only): each test starts on the Documents screen with an
 * empty batch and `bridge` as the window's file bridge, and is cleaned up after.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import type { FileBridge } from '../../../shared/ipc/contract-documents.js';
import { useUiStore } from '../../state/ui-store.js';
import { resetRenderer } from '../../test-utils/scenario.js';
import { resetBatchStore } from './batch-store.js';

export function onDocumentsScreen(bridge: FileBridge): void {
  beforeEach(() => {
    resetRenderer();
    resetBatchStore();
    useUiStore.setState({ screen: 'documents' });
    (globalThis as { versoFiles?: FileBridge }).versoFiles = bridge;
  });
  afterEach(() => {
    cleanup();
    delete (globalThis as { versoFiles?: FileBridge }).versoFiles;
  });
}
