// Where a file comes in: dropped on the KYC page (the zone lights up while a file is dragged over the
// page) or chosen with the picker (Ctrl+O while the page is shown). The CSV template is next to it.
import { Trans } from '@lingui/react';
import { Button, Group, Kbd, Loader, Stack, Text } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import { downloadText } from '@renderer/lib/download';
import { fileSizeText } from '@shared/kyc-batch';
import { type DragEvent, type ReactNode, type RefObject, useRef, useState } from 'react';
import { KYC_FIELDS, KYC_TEMPLATE_FILE_NAME, kycCsvTemplate } from './kyc-fields';
import { KYC_FILE_ACCEPT } from './read-file';
import { useKycStore } from './store';

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/** Drag-and-drop handlers for an element: a file dropped anywhere on it opens, one at a time. */
export function useFileDrop() {
  const open = useKycStore((state) => state.open);
  const refuseFiles = useKycStore((state) => state.refuseFiles);
  const t = useT();
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child crossed: counting them tells when the pointer left the page.
  const depth = useRef(0);

  const handlers = {
    onDragEnter(event: DragEvent) {
      if (!hasFiles(event)) return;
      event.preventDefault();
      depth.current++;
      setOver(true);
    },
    onDragOver(event: DragEvent) {
      if (!hasFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave(event: DragEvent) {
      if (!hasFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setOver(false);
    },
    onDrop(event: DragEvent) {
      event.preventDefault();
      depth.current = 0;
      setOver(false);
      const files = event.dataTransfer?.files;
      if (!files || files.length === 0) return;
      if (files.length > 1) {
        refuseFiles(t('kyc.page.manyFilesDropped', { count: files.length }));
        return;
      }
      void open(files[0]!);
    },
  };
  return { over, handlers };
}

function Opening({ name }: { name: string }) {
  const t = useT();
  return (
    <Group gap="xs" wrap="nowrap">
      <Loader size="sm" />
      <Text size="sm">{t('kyc.drop.opening', { name })}</Text>
    </Group>
  );
}

/** `current`: the open file's name and counts, shown in the compact zone that replaces it. */
export function KycDropZone({
  over,
  current,
  pickerRef,
}: {
  over: boolean;
  current: ReactNode;
  pickerRef: RefObject<HTMLInputElement | null>;
}) {
  const t = useT();
  const compact = current !== undefined;
  const open = useKycStore((state) => state.open);
  const opening = useKycStore((state) => state.opening);
  const maxFileBytes = useKycStore((state) => state.maxFileBytes);
  const close = useKycStore((state) => state.close);
  const sending = useKycStore((state) => state.send?.phase === 'sending');

  const picker = (
    <input
      ref={pickerRef}
      type="file"
      accept={KYC_FILE_ACCEPT}
      hidden
      data-testid="kyc-file-input"
      onChange={(event) => {
        const file = event.currentTarget.files?.[0];
        // Cleared, so that choosing the same file again (e.g. after fixing it elsewhere) still opens it.
        event.currentTarget.value = '';
        if (file) void open(file);
      }}
    />
  );
  const chooseButton = (
    <Button
      // No variant for the filled look: the shell's darker primary shade (contrast) applies only then.
      variant={compact ? 'default' : undefined}
      onClick={() => pickerRef.current?.click()}
      aria-keyshortcuts="Control+O"
      loading={opening !== undefined}
    >
      {compact ? t('kyc.drop.openAnother') : t('kyc.drop.choose')}
    </Button>
  );
  const templateButton = (
    <Button
      variant="subtle"
      onClick={() => downloadText(kycCsvTemplate(), KYC_TEMPLATE_FILE_NAME)}
      title={t('kyc.drop.templateHint', { fields: KYC_FIELDS.join(', ') })}
    >
      {t('kyc.drop.template')}
    </Button>
  );

  return (
    <section
      className="kyc-drop-zone"
      data-over={over}
      data-testid="kyc-drop-zone"
      aria-label={t('kyc.drop.region')}
      style={{ padding: compact ? '8px 12px' : '28px 20px' }}
    >
      {picker}
      {compact ? (
        // Where the zone is narrow (1024 px) the buttons go under the file's name and counts, never over them.
        <Group gap="sm">
          <div style={{ flex: '1 1 18rem', minWidth: 0 }}>
            {opening ? <Opening name={opening} /> : current}
          </div>
          {over && (
            <Text size="sm" fw={700}>
              {t('kyc.drop.dropNow')}
            </Text>
          )}
          {chooseButton}
          <Button variant="subtle" onClick={() => void close()} disabled={sending || opening !== undefined}>
            {t('kyc.drop.close')}
          </Button>
          {templateButton}
        </Group>
      ) : (
        <Stack align="center" gap="xs">
          <Text fw={700} size="lg">
            {over ? t('kyc.drop.dropNow') : t('kyc.drop.dropHere')}
          </Text>
          {opening ? (
            <Opening name={opening} />
          ) : (
            <Group gap="xs">
              {chooseButton}
              <Text size="sm" c="gray.7">
                <Trans id="kyc.drop.orPress" components={{ 0: <Kbd />, 1: <Kbd /> }} />
              </Text>
            </Group>
          )}
          <Text size="sm" c="gray.7" ta="center" maw={560}>
            {t('kyc.drop.format')}
            {maxFileBytes === undefined ? '' : ` ${t('kyc.drop.upTo', { size: fileSizeText(maxFileBytes) })}`}{' '}
            {t('kyc.drop.dates')}
          </Text>
          {templateButton}
        </Stack>
      )}
    </section>
  );
}
