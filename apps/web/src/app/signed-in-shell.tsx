import AppLayout from '../components/layout/app-layout.tsx';

/**
 * The signed-in frame. Messages and dialogs come from lib/feedback.ts, loaded when first shown, so
 * the first signed-in page does not carry antd's dialog code.
 */
export default function SignedInShell() {
  return <AppLayout />;
}
