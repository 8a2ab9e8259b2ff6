// The desk's roles, for a supervisor (operators.manage): each a set of named permissions. The four built in
// stay as they are; **Copy** one to make a role of the desk's own and choose its permissions, and change
// those later. Main keeps them sealed with the accounts, refuses a built-in id, and makes every save wait for
// a supervisor's approval; a changed role counts from its operators' next call.
import '@mantine/core/styles/Table.css';
import { Button, Checkbox, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { ColumnTable } from '@renderer/lib/ColumnTable';
import { ProblemAlert } from '@renderer/lib/ProblemAlert';
import { call } from '@renderer/lib/paydesk';
import { useAction } from '@renderer/lib/use-action';
import { PERMISSION_LABELS, PERMISSIONS, type Permission, type RoleView } from '@shared/operators';
import { type FormEvent, useState } from 'react';
import { useRoles } from './roles-store';
import { SettingsSection } from './SettingsSection';

interface Draft {
  id: string;
  label: string;
  permissions: Permission[];
  basedOn: string | undefined;
  /** Changing a role of the desk's own (its id stays), rather than making a copy. */
  existing: boolean;
}

function RoleEditor({ draft, onDone }: { draft: Draft; onDone: () => void }) {
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
    <form onSubmit={onSubmit} aria-label={draft.existing ? `Change the role ${draft.label}` : 'New role'}>
      <Stack gap="xs">
        <Title order={4}>
          {draft.existing ? `Change ${draft.label}` : `New role, copied from ${draft.basedOn}`}
        </Title>
        <Group gap="sm" align="flex-end">
          <TextInput
            label="Role id"
            description="Never changes"
            required
            disabled={draft.existing}
            value={id}
            onChange={(event) => setId(event.currentTarget.value)}
            w="12rem"
          />
          <TextInput
            label="Name"
            required
            maxLength={40}
            value={label}
            onChange={(event) => setLabel(event.currentTarget.value)}
            w="14rem"
          />
        </Group>
        <Checkbox.Group
          label="May"
          value={permissions}
          onChange={(value) => setPermissions(value as Permission[])}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={4} mt={4}>
            {PERMISSIONS.map((permission) => (
              <Checkbox key={permission} value={permission} label={PERMISSION_LABELS[permission]} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <ProblemAlert problem={problem} />
        <Group gap="sm">
          <Button type="submit" loading={busy}>
            Save role
          </Button>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function copyOf(role: RoleView, roles: readonly RoleView[]): Draft {
  let id = `${role.id}-copy`;
  for (let n = 2; roles.some((one) => one.id === id); n += 1) id = `${role.id}-copy-${n}`;
  return {
    id,
    label: `${role.label} (copy)`,
    permissions: [...role.permissions],
    basedOn: role.id,
    existing: false,
  };
}

export function RolesSection() {
  const roles = useRoles((state) => state.roles);
  const [draft, setDraft] = useState<Draft | undefined>();

  return (
    <SettingsSection
      id="roles"
      title="Roles"
      intro="A role is a set of permissions. The four built in stay as they are: copy one to make the desk’s own, and change it. A change counts from each operator’s next action."
    >
      {roles && (
        <ColumnTable label="Roles of this desk" columns={['Role', 'May', 'Actions']}>
          {roles.map((role) => (
            <Table.Tr key={role.id} data-testid={`role-${role.id}`}>
              <Table.Td>
                <Text fw={600}>{role.label}</Text>
                <Text size="xs" c="dimmed">
                  {role.id}
                  {role.builtIn ? ' · built in' : role.basedOn ? ` · from ${role.basedOn}` : ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {role.permissions.map((permission) => PERMISSION_LABELS[permission]).join(' · ') ||
                    'Nothing'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="compact-sm"
                    variant="default"
                    aria-label={`Copy ${role.label}`}
                    onClick={() => setDraft(copyOf(role, roles))}
                  >
                    Copy
                  </Button>
                  {!role.builtIn && (
                    <Button
                      size="compact-sm"
                      variant="default"
                      aria-label={`Change ${role.label}`}
                      onClick={() =>
                        setDraft({
                          id: role.id,
                          label: role.label,
                          permissions: [...role.permissions],
                          basedOn: role.basedOn,
                          existing: true,
                        })
                      }
                    >
                      Change
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
