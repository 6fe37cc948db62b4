import { useLocation, useSearchParams } from 'react-router';
import { MAPPING_PAGE_CHANNEL, MENU_CHANNELS, type TMenuChannel } from '@ra/shared/menu/menu.schemas';
import { MenuMappingView } from '../../../features/menu/components/menu-mapping-view.tsx';

/**
 * SPEC 2 /menuMapping/customer (online ordering), /menuMapping/store (the POS) and /menu/menuMapping
 * (any channel, chosen in the page and kept in the URL as ?channel=).
 */
export default function MenuMappingPage() {
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const fixed =
    pathname.toLowerCase() === '/menumapping/store'
      ? MAPPING_PAGE_CHANNEL.store
      : pathname.toLowerCase().startsWith('/menumapping')
        ? MAPPING_PAGE_CHANNEL.customer
        : null;
  if (fixed) return <MenuMappingView channel={fixed} />;
  const asked = params.get('channel');
  const channel: TMenuChannel = (MENU_CHANNELS as readonly string[]).includes(asked ?? '')
    ? (asked as TMenuChannel)
    : 'pos';
  return <MenuMappingView channel={channel} onChannelChange={(c) => setParams({ channel: c }, { replace: true })} />;
}
