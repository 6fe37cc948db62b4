import { CustomersView } from '../../../features/customers/components/customers-view.tsx';

export default function UserListPage() {
  return <CustomersView />;
}
