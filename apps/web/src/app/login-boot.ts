/** After this long the app is asked for even without a paint (a tab opened in the background). */
export const LOGIN_BOOT_FALLBACK_MS = 3000;

/**
 * The sign-in page's only script tag (issue 21; written by vite-login-shell.ts into `login.<lang>.html`
 * as `assets/login-boot-<lang>-<hash>.js`). The page arrives with its form drawn and its styles
 * inline; this script waits until the browser has painted that form (the first contentful paint),
 * then asks for the app: the entry's stylesheets (already inline; linked too, since the app's lazy
 * imports look for the link before they resolve), the preloads index.html would have had and the
 * entry itself. Before, the entry and its imports were fetched and run before the first paint, which
 * waited for them. Where the browser does not report paints, the next frame stands in; a timer backs
 * both up (a hidden tab paints nothing until it is shown).
 *
 * Until the app has taken the form over, its "Forgot password?" link is the server's plain
 * `/forgotPassword`, and a click on it is a plain navigation. So the script also brings the email
 * typed so far along with such a click, as the app's link does (`login-form.tsx`): it sets the
 * link's address as the click happens, before the browser follows it.
 */
export function loginBootScript(entry: string, preloads: readonly string[], stylesheets: readonly string[]): string {
  return [
    '(function(){var d=document,done=0;',
    'function add(tag,attrs){var e=d.createElement(tag);e.crossOrigin="";for(var k in attrs)e[k]=attrs[k];d.head.appendChild(e)}',
    'function go(){if(done)return;done=1;',
    `${JSON.stringify(stylesheets)}.forEach(function(h){add("link",{rel:"stylesheet",href:h})});`,
    `${JSON.stringify(preloads)}.forEach(function(h){add("link",{rel:"modulepreload",href:h})});`,
    `add("script",{type:"module",src:${JSON.stringify(entry)}})}`,
    'var P=window.PerformanceObserver;',
    'if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){',
    'new P(function(list,o){if(list.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:true})',
    '}else requestAnimationFrame(function(){setTimeout(go)});',
    `setTimeout(go,${LOGIN_BOOT_FALLBACK_MS});`,
    'd.addEventListener("click",function(e){var a=e.target&&e.target.closest&&e.target.closest(\'a[href^="/forgotPassword"]\'),',
    'i=a&&d.querySelector(\'form input[name="email"]\');if(!i)return;var v=i.value.trim();',
    'a.setAttribute("href","/forgotPassword"+(v?"?email="+encodeURIComponent(v):""))},true)})();',
  ].join('');
}
