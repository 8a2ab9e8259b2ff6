// Rows of products, sent as the JSON string `products` (at most 512 characters): the count shown is the
// length of exactly what will be sent.
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { RemoveIcon } from '@renderer/lib/icons';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { emptyProduct, type PayInFormValues, productsJsonOf } from './form';

const LIMIT = 512;

export function ProductsEditor({ currency }: { currency: string }) {
  const { control, register, formState } = useFormContext<PayInFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'products' });
  const rows = useWatch({ control, name: 'products' });
  const json = productsJsonOf(rows ?? []) ?? '';
  const over = json.length > LIMIT;
  // react-hook-form types an array field's errors per row; the form's resolver puts the list's own at its root.
  const error = (formState.errors.products as { message?: string } | undefined)?.message;

  return (
    <Stack gap="xs">
      {fields.map((row, index) => (
        <Group key={row.id} gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={`Product ${index + 1} name`}
            {...register(`products.${index}.name`)}
            style={{ flex: 3 }}
          />
          <TextInput
            label="Price"
            inputMode="decimal"
            {...register(`products.${index}.price`)}
            style={{ flex: 1 }}
          />
          <TextInput
            label="Quantity"
            inputMode="numeric"
            {...register(`products.${index}.num`)}
            style={{ flex: 1 }}
          />
          <TextInput label="Currency" {...register(`products.${index}.currency`)} style={{ flex: 1 }} />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mb={2}
            aria-label={`Remove product ${index + 1}`}
            onClick={() => remove(index)}
          >
            <RemoveIcon />
          </ActionIcon>
        </Group>
      ))}
      <Group justify="space-between">
        <Button variant="default" size="xs" onClick={() => append(emptyProduct(currency))}>
          Add product
        </Button>
        <Text size="sm" c={over ? 'red.8' : 'dimmed'} aria-live="polite" data-testid="products-count">
          {json.length} / {LIMIT} characters{over ? ' — too long' : ''}
        </Text>
      </Group>
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
