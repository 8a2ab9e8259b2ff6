// Rows of products, sent as the JSON string `products` (at most 512 characters): the count shown is the
// length of exactly what will be sent.
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import { RemoveIcon } from '@renderer/lib/icons';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { emptyProduct, type PayInFormValues, productsJsonOf } from './form';

const LIMIT = 512;

export function ProductsEditor({ currency }: { currency: string }) {
  const t = useT();
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
            label={t('payin.products.name', { number: index + 1 })}
            {...register(`products.${index}.name`)}
            style={{ flex: 3 }}
          />
          <TextInput
            label={t('payin.products.price')}
            inputMode="decimal"
            {...register(`products.${index}.price`)}
            style={{ flex: 1 }}
          />
          <TextInput
            label={t('payin.products.quantity')}
            inputMode="numeric"
            {...register(`products.${index}.num`)}
            style={{ flex: 1 }}
          />
          <TextInput
            label={t('payin.field.currency')}
            {...register(`products.${index}.currency`)}
            style={{ flex: 1 }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mb={2}
            aria-label={t('payin.products.remove', { number: index + 1 })}
            onClick={() => remove(index)}
          >
            <RemoveIcon />
          </ActionIcon>
        </Group>
      ))}
      <Group justify="space-between">
        <Button variant="default" size="xs" onClick={() => append(emptyProduct(currency))}>
          {t('payin.products.add')}
        </Button>
        <Text size="sm" c={over ? 'red.8' : 'dimmed'} aria-live="polite" data-testid="products-count">
          {t(over ? 'payin.products.countTooLong' : 'payin.products.count', {
            length: json.length,
            limit: LIMIT,
          })}
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
