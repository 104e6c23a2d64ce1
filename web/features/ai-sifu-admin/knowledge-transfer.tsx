import { Alert, Button, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { UploadButton } from '../../components/upload-feedback';
import { ApiRequestError, errorMessage } from '../../lib/api-client';
import { notifyError } from '../../lib/notify';
import { fetchKnowledgeExport, useImportKnowledge } from './api';
import classes from './knowledge.module.css';

export const EXPORT_FAILED = 'Failed to export the knowledge base. Please try again.';
export const IMPORT_FAILED = 'Failed to import the knowledge base. Please try again.';
export const IMPORT_NOT_JSON = 'This file is not a knowledge export: choose the JSON file that Export saves.';

export const importedMessage = ({ created, updated }: { created: number; updated: number }) =>
  `Import finished: ${created} created, ${updated} updated`;

/** Today's date in the browser's calendar, for the export's file name. */
const today = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/** Hands `content` to the browser as a JSON file to save. */
function download(content: unknown, fileName: string) {
  const blob = new Blob([JSON.stringify(content, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

interface ImportResult {
  ok: boolean;
  message: string;
  /** The server's word on single entries ('entries.3.title: Title is required'), the first few. */
  details?: string[];
}

const DETAILS_SHOWN = 5;

/** A refused import's field details, as lines. */
function detailLines(error: unknown): string[] {
  if (!(error instanceof ApiRequestError) || !Array.isArray(error.details)) return [];
  return (error.details as unknown[])
    .flatMap((issue) => {
      if (typeof issue !== 'object' || issue === null) return [];
      const { path, message } = issue as { path?: unknown; message?: unknown };
      if (typeof message !== 'string') return [];
      return [typeof path === 'string' && path ? `${path}: ${message}` : message];
    })
    .slice(0, DETAILS_SHOWN);
}

/**
 * Export (the whole knowledge base as a JSON file) and Import (that file, edited or from another
 * school's export, sent back): the import's counts or the server's reason show beside them.
 */
export function KnowledgeTransfer() {
  const [exporting, setExporting] = useState(false);
  const importer = useImportKnowledge();
  const [result, setResult] = useState<ImportResult | null>(null);

  const handleExport = async () => {
    setExporting(true);
    try {
      download(await fetchKnowledgeExport(), `kwoon-knowledge-${today()}.json`);
    } catch (error) {
      notifyError(errorMessage(error, EXPORT_FAILED));
    } finally {
      setExporting(false);
    }
  };

  const handleFile = async (file: File | null) => {
    if (!file) return;
    setResult(null);
    let content: unknown;
    try {
      content = JSON.parse(await file.text());
    } catch {
      setResult({ ok: false, message: IMPORT_NOT_JSON });
      return;
    }
    importer.mutate(content, {
      onSuccess: (counts) => setResult({ ok: true, message: importedMessage(counts) }),
      onError: (error) =>
        setResult({ ok: false, message: errorMessage(error, IMPORT_FAILED), details: detailLines(error) }),
    });
  };

  return (
    <>
      <Group gap="sm">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} aria-hidden />}
          loading={exporting}
          onClick={() => void handleExport()}
        >
          Export
        </Button>
        <UploadButton
          onFile={(file) => void handleFile(file)}
          accept="application/json,.json"
          fileLabel="Knowledge file to import"
          loading={importer.isPending}
        >
          Import
        </UploadButton>
      </Group>
      {result && (
        <Alert
          color={result.ok ? 'jade' : 'red'}
          role={result.ok ? 'status' : 'alert'}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setResult(null)}
        >
          <Text size="sm">{result.message}</Text>
          {result.details && result.details.length > 0 && (
            <ul className={classes.details}>
              {result.details.map((line) => (
                <li key={line}>
                  <Text size="sm">{line}</Text>
                </li>
              ))}
            </ul>
          )}
        </Alert>
      )}
    </>
  );
}
