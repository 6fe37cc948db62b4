import { OrderCalendarView } from '../../../features/order-calendar/components/order-calendar-view.tsx';

export default function OrderCalendarPage() {
  return <OrderCalendarView />;
}
