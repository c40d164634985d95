/**
 * Opens a tab at once (inside the click, so no pop-up blocker objects), then
 * sends it to the address once a token is known; closes it when there is none.
 */
export async function openWhenReady(address: () => Promise<string>): Promise<void> {
  const tab = window.open('about:blank', '_blank');
  if (tab) tab.opener = null;
  try {
    const url = await address();
    if (tab) tab.location.href = url;
    else window.open(url, '_blank', 'noopener,noreferrer');
  } catch (error) {
    tab?.close();
    throw error;
  }
}
