import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../lib/i18n/I18nProvider';

export default function NotFoundPage() {
  const t = useT();
  return (
    <Alert color="gray" title={t('error.notFound.title')}>
      {t('error.notFound.body')}{' '}
      <Anchor component={Link} to="/">
        {t('error.notFound.home')}
      </Anchor>
    </Alert>
  );
}
