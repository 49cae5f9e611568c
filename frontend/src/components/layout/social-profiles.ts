// The business's social profiles from contact_info that can be linked to (web addresses only).
import type { ContactInfo } from '@/features/site/types'

export type SocialNetwork = 'Facebook' | 'Instagram' | 'LinkedIn'

export function socialProfiles(info: ContactInfo | null | undefined): Array<readonly [SocialNetwork, string]> {
  const links = [
    ['Facebook', info?.social_facebook],
    ['Instagram', info?.social_instagram],
    ['LinkedIn', info?.social_linkedin],
  ] as const
  return links.filter((link): link is readonly [SocialNetwork, string] => Boolean(link[1] && /^https?:\/\//i.test(link[1])))
}
