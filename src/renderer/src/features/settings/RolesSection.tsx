// The desk's roles, for a supervisor (operators.manage): each a set of named permissions. The four built in
// stay as they are; **Copy** one to make a role of the desk's own and choose its permissions, and change
// those later. Main keeps them sealed with the accounts, refuses a built-in id, and makes every save wait for
// a supervisor's approval; a changed role counts from its operators' next call.
import '@mantine/core/styles/Table.css';
import { Button, Checkbox, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type Translate, useT } from '@renderer/i18n/use-t';
import { ColumnTable } from '@renderer/lib/ColumnTable';
import { ProblemAlert } from '@renderer/lib/ProblemAlert';
import { call } from '@renderer/lib/paydesk';
import { useAction } from '@renderer/lib/use-action';
import { PERMISSIONS, type Permission, type RoleView } from '@shared/operators';
import { type FormEvent, useState } from 'react';
import { permissionName, roleViewName, useRoles } from './roles-store';
import { SettingsSection } from './SettingsSection';

interface Draft {
  id: string;
  label: string;
  /** The role's name as the editor's title says it (a built-in one's in the active language). */
  name: string;
  permissions: Permission[];
  basedOn: string | undefined;
  /** Changing a role of the desk's own (its id stays), rather than making a copy. */
  existing: boolean;
}

function RoleEditor({ draft, onDone }: { draft: Draft; onDone: () => void }) {
  const t = useT();
  const setRoles = useRoles((state) => state.set);
  const [id, setId] = useState(draft.id);
  const [label, setLabel] = useState(draft.label);
  const [permissions, setPermissions] = useState<Permission[]>(draft.permissions);
  const { busy, problem, run } = useAction();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const saved = await run(async () =>
      setRoles(
        await call('roles.save', {
          id,
          label,
          permissions,
          ...(draft.basedOn !== undefined && { basedOn: draft.basedOn }),
        }),
      ),
    );
    if (saved) onDone();
  }

  return (
    <form
      onSubmit={onSubmit}
      aria-label={
        draft.existing
          ? t('settings.roles.editor.changeForm', { role: draft.name })
          : t('settings.roles.editor.newForm')
      }
    >
      <Stack gap="xs">
        <Title order={4}>
          {draft.existing
            ? t('settings.roles.editor.changeTitle', { role: draft.name })
            : t('settings.roles.editor.newTitle', { basedOn: draft.basedOn ?? '' })}
        </Title>
        <Group gap="sm" align="flex-end">
          <TextInput
            label={t('settings.roles.editor.id')}
            description={t('settings.roles.editor.idDescription')}
            required
            disabled={draft.existing}
            value={id}
            onChange={(event) => setId(event.currentTarget.value)}
            w="12rem"
          />
          <TextInput
            label={t('settings.roles.editor.name')}
            required
            maxLength={40}
            value={label}
            onChange={(event) => setLabel(event.currentTarget.value)}
            w="14rem"
          />
        </Group>
        <Checkbox.Group
          label={t('settings.roles.editor.may')}
          value={permissions}
          onChange={(value) => setPermissions(value as Permission[])}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={4} mt={4}>
            {PERMISSIONS.map((permission) => (
              <Checkbox key={permission} value={permission} label={permissionName(t, permission)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <ProblemAlert problem={problem} />
        <Group gap="sm">
          <Button type="submit" loading={busy}>
            {t('settings.roles.editor.save')}
          </Button>
          <Button variant="default" onClick={onDone}>
            {t('settings.roles.editor.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function copyOf(t: Translate, role: RoleView, roles: readonly RoleView[]): Draft {
  let id = `${role.id}-copy`;
  for (let n = 2; roles.some((one) => one.id === id); n += 1) id = `${role.id}-copy-${n}`;
  return {
    id,
    label: t('settings.roles.copyName', { role: roleViewName(t, role) }),
    name: roleViewName(t, role),
    permissions: [...role.permissions],
    basedOn: role.id,
    existing: false,
  };
}

export function RolesSection() {
  const t = useT();
  const roles = useRoles((state) => state.roles);
  const [draft, setDraft] = useState<Draft | undefined>();

  return (
    <SettingsSection id="roles" title={t('settings.roles.title')} intro={t('settings.roles.intro')}>
      {roles && (
        <ColumnTable
          label={t('settings.roles.table')}
          columns={[
            t('settings.roles.column.role'),
            t('settings.roles.column.may'),
            t('settings.roles.column.actions'),
          ]}
        >
          {roles.map((role) => (
            <Table.Tr key={role.id} data-testid={`role-${role.id}`}>
              <Table.Td>
                <Text fw={600}>{roleViewName(t, role)}</Text>
                <Text size="xs" c="dimmed">
                  {role.builtIn
                    ? t('settings.roles.idBuiltIn', { id: role.id })
                    : role.basedOn
                      ? t('settings.roles.idFrom', { id: role.id, basedOn: role.basedOn })
                      : role.id}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {role.permissions.map((permission) => permissionName(t, permission)).join(' · ') ||
                    t('settings.roles.nothing')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="compact-sm"
                    variant="default"
                    aria-label={t('settings.roles.copyLabel', { role: roleViewName(t, role) })}
                    onClick={() => setDraft(copyOf(t, role, roles))}
                  >
                    {t('settings.roles.copy')}
                  </Button>
                  {!role.builtIn && (
                    <Button
                      size="compact-sm"
                      variant="default"
                      aria-label={t('settings.roles.changeLabel', { role: roleViewName(t, role) })}
                      onClick={() =>
                        setDraft({
                          id: role.id,
                          label: role.label,
                          name: roleViewName(t, role),
                          permissions: [...role.permissions],
                          basedOn: role.basedOn,
                          existing: true,
                        })
                      }
                    >
                      {t('settings.roles.change')}
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </ColumnTable>
      )}
      {draft && (
        <RoleEditor key={`${draft.id} ${draft.existing}`} draft={draft} onDone={() => setDraft(undefined)} />
      )}
    </SettingsSection>
  );
}
