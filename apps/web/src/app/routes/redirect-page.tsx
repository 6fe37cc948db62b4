import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

/** Tags view "refresh" (SPEC 2): /redirect/<path> re-opens <path>, re-mounting its page. */
export default function RedirectPage() {
  const rest = useParams()['*'] ?? '';
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    navigate(`/${rest}${search}`, { replace: true });
  }, [navigate, rest, search]);
  return null;
}
