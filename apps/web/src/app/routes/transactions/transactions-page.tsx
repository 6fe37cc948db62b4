import { TransactionsView } from '../../../features/transactions/components/transactions-view.tsx';

export default function TransactionsPage() {
  return <TransactionsView />;
}
