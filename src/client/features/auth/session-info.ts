import type { SessionInfo } from '../../../shared/auth';

/** Session info (deviceType, deviceOs, osVersion, browser, userAgent), from the user agent. */
export function detectSessionInfo(userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): SessionInfo {
  const ua = userAgent;
  let deviceOs = '';
  let osVersion = '';
  const pick = (re: RegExp) => re.exec(ua)?.[1]?.replace(/_/g, '.') ?? '';
  if (/Android/i.test(ua)) {
    deviceOs = 'Android';
    osVersion = pick(/Android ([\d.]+)/);
  } else if (/iPhone|iPad|iPod/i.test(ua)) {
    deviceOs = 'iOS';
    osVersion = pick(/OS ([\d_]+)/);
  } else if (/Windows NT/i.test(ua)) {
    deviceOs = 'Windows';
    osVersion = pick(/Windows NT ([\d.]+)/);
  } else if (/Mac OS X/i.test(ua)) {
    deviceOs = 'macOS';
    osVersion = pick(/Mac OS X ([\d_.]+)/);
  } else if (/CrOS/i.test(ua)) {
    deviceOs = 'ChromeOS';
  } else if (/Linux/i.test(ua)) {
    deviceOs = 'Linux';
  }
  let browser = '';
  const version = (re: RegExp) => re.exec(ua)?.[1]?.split('.')[0] ?? '';
  if (/Edg\//.test(ua)) browser = `Edge ${version(/Edg\/([\d.]+)/)}`;
  else if (/OPR\//.test(ua)) browser = `Opera ${version(/OPR\/([\d.]+)/)}`;
  else if (/SamsungBrowser\//.test(ua)) browser = `Samsung Internet ${version(/SamsungBrowser\/([\d.]+)/)}`;
  else if (/Firefox\//.test(ua)) browser = `Firefox ${version(/Firefox\/([\d.]+)/)}`;
  else if (/Chrome\//.test(ua)) browser = `Chrome ${version(/Chrome\/([\d.]+)/)}`;
  else if (/Safari\//.test(ua)) browser = `Safari ${version(/Version\/([\d.]+)/)}`;
  const deviceType =
    /iPad|Tablet/i.test(ua) || (/Android/i.test(ua) && !/Mobile/i.test(ua))
      ? 'tablet'
      : /Mobi|iPhone|Android/i.test(ua)
        ? 'mobile'
        : 'desktop';
  return { deviceType, deviceOs, osVersion, browser: browser.trim(), userAgent: ua.slice(0, 512) };
}
